import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { preparedRows, uuidArray } from '#db/row-codec.ts';
import {
  eventParticipants,
  events,
  joinRequests,
  users,
  type JoinRequestRow,
  type UserRow,
} from '#db/schema/index.ts';

// The waitlist and attendance (ADR 045, 049): the rows of join_requests and event_participants that
// the lifecycle reads and writes.
export function createLifecycleRepository(db: DbOrTx) {
  return {
    // Offers still open: each holds one of the event's places until it is taken, declined or runs out.
    async openOffers(tx: DbOrTx, eventId: string, now: Date): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(joinRequests)
        .where(
          and(
            eq(joinRequests.eventId, eventId),
            eq(joinRequests.status, 'offered'),
            gt(joinRequests.offerExpiresAt, now),
          ),
        );
      return row?.n ?? 0;
    },

    // A user read inside the caller's transaction (the embedded database has one session: a second
    // connection would wait for this transaction forever).
    async user(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row;
    },

    // The first in line (the event row is locked by the caller, so nobody else offers meanwhile).
    async firstWaitlisted(tx: DbOrTx, eventId: string): Promise<JoinRequestRow | undefined> {
      const [row] = await tx
        .select()
        .from(joinRequests)
        .where(and(eq(joinRequests.eventId, eventId), eq(joinRequests.status, 'waitlisted')))
        .orderBy(asc(joinRequests.waitlistedAt), asc(joinRequests.id))
        .limit(1)
        .for('update');
      return row;
    },

    // The queue as the host sees it: offers first, then everyone waiting, in order.
    async queueOf(eventId: string): Promise<JoinRequestRow[]> {
      return db
        .select()
        .from(joinRequests)
        .where(
          and(eq(joinRequests.eventId, eventId), inArray(joinRequests.status, ['offered', 'waitlisted'])),
        )
        .orderBy(
          sql`${joinRequests.status} = 'waitlisted'`,
          asc(joinRequests.waitlistedAt),
          asc(joinRequests.id),
        );
    },

    // 1-based places in line of these requests (waitlisted ones; others get none).
    async positions(requestIds: readonly string[]): Promise<Map<string, number>> {
      const result = new Map<string, number>();
      if (requestIds.length === 0) return result;
      const rows = (await preparedRows(
        db,
        sql`select r.id, (select count(*)::int from ${joinRequests} o
              where o.event_id = r.event_id and o.status = 'waitlisted'
                and (o.waitlisted_at, o.id) <= (r.waitlisted_at, r.id)) as position
            from ${joinRequests} r
            where r.id = any(${uuidArray(requestIds)}) and r.status = 'waitlisted'`,
      )) as { id: string; position: number }[];
      for (const r of rows) result.set(r.id, r.position);
      return result;
    },

    // Offers whose deadline passed and that nobody has closed yet (the sweep).
    async dueOffers(now: Date, limit: number): Promise<{ id: string; eventId: string }[]> {
      return db
        .select({ id: joinRequests.id, eventId: joinRequests.eventId })
        .from(joinRequests)
        .where(and(eq(joinRequests.status, 'offered'), lte(joinRequests.offerExpiresAt, now)))
        .orderBy(asc(joinRequests.offerExpiresAt))
        .limit(limit);
    },

    // Events that have not ended with someone waiting and a place nobody holds: a place freed while
    // no offer could be made (the sweep makes it).
    async eventsToOffer(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: events.id })
        .from(events)
        .innerJoin(joinRequests, eq(joinRequests.eventId, events.id))
        .where(
          and(
            eq(joinRequests.status, 'waitlisted'),
            isNull(events.cancelledAt),
            gt(events.endsAt, now),
            sql`${events.participantCount} + (select count(*) from ${joinRequests} o
              where o.event_id = ${events.id} and o.status = 'offered' and o.offer_expires_at > ${now})
              < ${events.maxParticipants}`,
          ),
        )
        .limit(limit);
      return rows.map((r) => r.id);
    },

    // The host's record of one participant; false when they are not a participant.
    async setAttendance(
      tx: DbOrTx,
      eventId: string,
      userId: string,
      attended: boolean,
      at: Date,
    ): Promise<boolean> {
      const rows = await tx
        .update(eventParticipants)
        .set({ attended, attendanceRecordedAt: at })
        .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
        .returning({ userId: eventParticipants.userId });
      return rows.length === 1;
    },

    // Reliability (ADR 049): of the events whose host recorded attendance, how many the user came to.
    async reliability(
      userIds: readonly string[],
    ): Promise<Map<string, { attended: number; recorded: number }>> {
      const result = new Map(userIds.map((id) => [id, { attended: 0, recorded: 0 }]));
      if (userIds.length === 0) return result;
      const rows = (await preparedRows(
        db,
        sql`select ${eventParticipants.userId} as user_id,
              count(*) filter (where ${eventParticipants.attended})::int as attended,
              count(*)::int as recorded
            from ${eventParticipants}
            where ${eventParticipants.userId} = any(${uuidArray(userIds)})
              and ${eventParticipants.attendanceRecordedAt} is not null
            group by ${eventParticipants.userId}`,
      )) as { user_id: string; attended: number; recorded: number }[];
      for (const r of rows) result.set(r.user_id, { attended: r.attended, recorded: r.recorded });
      return result;
    },

    // The viewer's own record per event (null: not recorded).
    async attendanceOf(userId: string, eventIds: readonly string[]): Promise<Map<string, boolean | null>> {
      const result = new Map<string, boolean | null>();
      if (eventIds.length === 0) return result;
      const rows = await db
        .select({ eventId: eventParticipants.eventId, attended: eventParticipants.attended })
        .from(eventParticipants)
        .where(
          and(
            eq(eventParticipants.userId, userId),
            inArray(eventParticipants.eventId, [...eventIds]),
            isNotNull(eventParticipants.attendanceRecordedAt),
          ),
        );
      for (const r of rows) result.set(r.eventId, r.attended);
      return result;
    },
  };
}
