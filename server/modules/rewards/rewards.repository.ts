import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  eventParticipants,
  events,
  tokenLedger,
  users,
  type EventRow,
  type UserRow,
} from '#db/schema/index.ts';

export function createRewardsRepository(db: DbOrTx) {
  return {
    // Events that ended and were not settled yet, oldest first: at once when there is nothing to wait
    // for (cancelled, nobody accepted, everyone's attendance recorded), else after the grace the host
    // has to record attendance (ADR 049).
    async endedUnsettled(now: Date, graceMs: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: events.id })
        .from(events)
        .where(
          and(
            isNull(events.rewardsSettledAt),
            lte(events.endsAt, now),
            or(
              lte(events.endsAt, new Date(now.getTime() - graceMs)),
              isNotNull(events.cancelledAt),
              sql`${events.participantCount} = 0`,
              sql`not exists (select 1 from ${eventParticipants} p
                where p.event_id = ${events.id} and p.attendance_recorded_at is null)`,
            ),
          ),
        )
        .orderBy(events.endsAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    // Whether every participant's attendance is recorded.
    async allRecorded(tx: DbOrTx, eventId: string): Promise<boolean> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(eventParticipants)
        .where(and(eq(eventParticipants.eventId, eventId), isNull(eventParticipants.attendanceRecordedAt)));
      return (row?.n ?? 0) === 0;
    },

    async lockEvent(tx: DbOrTx, id: string): Promise<EventRow | undefined> {
      const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      return row;
    },

    async eventTitle(tx: DbOrTx, id: string): Promise<string | undefined> {
      const [row] = await tx.select({ title: events.title }).from(events).where(eq(events.id, id));
      return row?.title;
    },

    async markSettled(tx: DbOrTx, id: string, at: Date) {
      await tx.update(events).set({ rewardsSettledAt: at }).where(eq(events.id, id));
    },

    // Accepted participants, with the host's attendance record (null: not recorded).
    async participants(tx: DbOrTx, eventId: string): Promise<{ userId: string; attended: boolean | null }[]> {
      return tx
        .select({ userId: eventParticipants.userId, attended: eventParticipants.attended })
        .from(eventParticipants)
        .where(eq(eventParticipants.eventId, eventId));
    },

    async user(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row;
    },

    async userByReferralCode(code: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.referralCode, code));
      return row;
    },

    async lockUser(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
      return row;
    },

    async setReferrer(tx: DbOrTx, userId: string, referrerId: string, at: Date) {
      await tx.update(users).set({ referredBy: referrerId, referredAt: at }).where(eq(users.id, userId));
    },

    async hostedAny(tx: DbOrTx, userId: string): Promise<boolean> {
      const [row] = await tx.select({ id: events.id }).from(events).where(eq(events.hostId, userId)).limit(1);
      return row !== undefined;
    },

    // The host's events of a calendar month (Turkey) that count for the challenge: ended, not
    // cancelled, with at least one accepted participant.
    async qualifyingHosted(tx: DbOrTx, hostId: string, month: string, now: Date): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(
          and(
            eq(events.hostId, hostId),
            isNull(events.cancelledAt),
            lte(events.endsAt, now),
            sql`${events.participantCount} > 0`,
            sql`to_char(${events.startsAt} at time zone 'Europe/Istanbul', 'YYYY-MM') = ${month}`,
          ),
        );
      return row?.n ?? 0;
    },

    async referralCounts(userId: string): Promise<{ invited: number; rewarded: number }> {
      const [invited] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.referredBy, userId));
      const [rewarded] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tokenLedger)
        .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, 'referral')));
      return { invited: invited?.n ?? 0, rewarded: rewarded?.n ?? 0 };
    },
  };
}
