import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { remindersSent } from '#db/schema/index.ts';

export type ReminderKind = '24h' | '1h';
// Who is reminded: the host and accepted participants (they may see the exact place), and the
// waitlist (public place only, ADR 005).
export type ReminderTarget = { eventId: string; userId: string; role: 'host' | 'participant' | 'waitlist' };

export function createRemindersRepository(db: DbOrTx) {
  return {
    // (event, person) pairs of events starting in (from, to] that have no reminder of this kind yet.
    async due(kind: ReminderKind, from: Date, to: Date, limit: number): Promise<ReminderTarget[]> {
      const { rows } = await db.execute<{
        event_id: string;
        user_id: string;
        role: ReminderTarget['role'];
      }>(sql`
        select e.id as event_id, r.user_id, r.role
        from events e
        cross join lateral (
          select e.host_id as user_id, 'host' as role
          union all
          select p.user_id, 'participant' from event_participants p where p.event_id = e.id
          union all
          select j.user_id, 'waitlist' from join_requests j
          where j.event_id = e.id and j.status in ('waitlisted', 'offered')
        ) r
        where e.cancelled_at is null and e.starts_at > ${from} and e.starts_at <= ${to}
          and not exists (select 1 from reminders_sent s
            where s.event_id = e.id and s.user_id = r.user_id and s.kind = ${kind})
        order by e.starts_at, e.id
        limit ${limit}`);
      return rows.map((r) => ({ eventId: r.event_id, userId: r.user_id, role: r.role }));
    },

    // Claims the reminder inside the sending transaction: the primary key lets one claim win, on any
    // replica; the others wait for it to commit and then find the row.
    async claim(tx: DbOrTx, eventId: string, userId: string, kind: ReminderKind): Promise<boolean> {
      const rows = await tx
        .insert(remindersSent)
        .values({ eventId, userId, kind })
        .onConflictDoNothing()
        .returning({ eventId: remindersSent.eventId });
      return rows.length === 1;
    },
  };
}
