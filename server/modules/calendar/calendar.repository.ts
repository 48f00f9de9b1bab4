import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { eventParticipants, events, users, type EventRow } from '#db/schema/index.ts';

export function createCalendarRepository(db: DbOrTx) {
  return {
    async userByToken(token: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.calendarToken, token), isNull(users.deletedAt)));
      return row;
    },

    // A fresh secret: the old URL stops working at once.
    async rotate(userId: string): Promise<string> {
      const [row] = await db
        .update(users)
        .set({
          calendarToken: sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`,
        })
        .where(eq(users.id, userId))
        .returning({ token: users.calendarToken });
      return row.token;
    },

    // Events the user hosts or takes part in that ended after `since` (cancelled ones too: the feed
    // tells calendars they are off), newest last; at most `limit`.
    async feedEvents(
      userId: string,
      since: Date,
      limit: number,
    ): Promise<{ event: EventRow; hosted: boolean }[]> {
      const joined = db
        .select({ id: eventParticipants.eventId })
        .from(eventParticipants)
        .where(eq(eventParticipants.userId, userId));
      const rows = await db
        .select()
        .from(events)
        .where(and(gt(events.endsAt, since), or(eq(events.hostId, userId), inArray(events.id, joined))))
        .orderBy(desc(events.startsAt))
        .limit(limit);
      return rows.reverse().map((event) => ({ event, hosted: event.hostId === userId }));
    },
  };
}
