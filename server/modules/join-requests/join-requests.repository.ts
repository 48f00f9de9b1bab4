import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  prepareStatement,
  preparedRows,
  rowCodec,
  statementRows,
  uuidArray,
  validUuids,
} from '#db/row-codec.ts';
import {
  eventParticipants,
  events,
  joinRequests,
  type EventRow,
  type JoinRequestRow,
} from '#db/schema/index.ts';

const joinRequestRow = rowCodec(joinRequests);

const STANDING = prepareStatement(sql`select e.id as "standingOf",
  exists (select 1 from ${eventParticipants} p where p.event_id = e.id and p.user_id = ${sql.placeholder('userId')}::uuid) as "standingParticipant",
  r.*
from unnest(${sql.placeholder('ids')}::uuid[]) as e(id)
left join lateral (
  select ${joinRequestRow.columns} from ${joinRequests}
  where ${joinRequests.eventId} = e.id and ${joinRequests.userId} = ${sql.placeholder('userId')}::uuid
  order by ${joinRequests.createdAt} desc limit 1
) r on true`);

export function createJoinRequestsRepository(db: DbOrTx) {
  return {
    async insert(tx: DbOrTx, values: typeof joinRequests.$inferInsert): Promise<JoinRequestRow | undefined> {
      // The partial unique index (one pending or accepted request per user and event) decides races.
      const [row] = await tx.insert(joinRequests).values(values).onConflictDoNothing().returning();
      return row;
    },

    async byIds(ids: readonly string[], tx: DbOrTx = db): Promise<JoinRequestRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(joinRequests)
        .where(inArray(joinRequests.id, [...ids]));
    },

    async lock(tx: DbOrTx, id: string): Promise<JoinRequestRow | undefined> {
      const [row] = await tx.select().from(joinRequests).where(eq(joinRequests.id, id)).for('update');
      return row;
    },

    async setStatus(
      tx: DbOrTx,
      id: string,
      values: Partial<typeof joinRequests.$inferInsert>,
    ): Promise<JoinRequestRow> {
      const [row] = await tx.update(joinRequests).set(values).where(eq(joinRequests.id, id)).returning();
      return row;
    },

    async activeFor(tx: DbOrTx, eventId: string, userId: string): Promise<JoinRequestRow | undefined> {
      const [row] = await tx
        .select()
        .from(joinRequests)
        .where(
          and(
            eq(joinRequests.eventId, eventId),
            eq(joinRequests.userId, userId),
            inArray(joinRequests.status, ['pending', 'accepted', 'waitlisted', 'offered']),
          ),
        )
        .limit(1);
      return row;
    },

    // The user's join messages of the last 24 hours, newest first (duplicates and floods).
    async recentMessages(userId: string, since: Date) {
      return db
        .select({
          text: joinRequests.message,
          eventId: joinRequests.eventId,
          createdAt: joinRequests.createdAt,
        })
        .from(joinRequests)
        .where(and(eq(joinRequests.userId, userId), gt(joinRequests.createdAt, since)))
        .orderBy(desc(joinRequests.createdAt))
        .limit(50);
    },

    // Join messages of the user the content check blocked since `since` (the automatic pause).
    async blockedSince(tx: DbOrTx, userId: string, since: Date): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(joinRequests)
        .where(
          and(
            eq(joinRequests.userId, userId),
            eq(joinRequests.checkVerdict, 'block'),
            gt(joinRequests.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    // When the user's latest blocked message to this event was sent (the cool-down), if any.
    async lastBlockedFor(userId: string, eventId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: joinRequests.createdAt })
        .from(joinRequests)
        .where(
          and(
            eq(joinRequests.userId, userId),
            eq(joinRequests.eventId, eventId),
            eq(joinRequests.checkVerdict, 'block'),
          ),
        )
        .orderBy(desc(joinRequests.createdAt))
        .limit(1);
      return row?.at ?? null;
    },

    async clearMessage(tx: DbOrTx, requestId: string): Promise<void> {
      await tx.update(joinRequests).set({ message: null }).where(eq(joinRequests.id, requestId));
    },

    async forEvents(
      eventIds: readonly string[],
      status?: JoinRequestRow['status'],
    ): Promise<JoinRequestRow[]> {
      if (eventIds.length === 0) return [];
      const cond = inArray(joinRequests.eventId, [...eventIds]);
      return db
        .select()
        .from(joinRequests)
        .where(status ? and(cond, eq(joinRequests.status, status)) : cond)
        .orderBy(desc(joinRequests.createdAt));
    },

    async pendingCounts(eventIds: readonly string[]): Promise<Map<string, number>> {
      const result = new Map<string, number>(eventIds.map((id) => [id, 0]));
      if (eventIds.length === 0) return result;
      const rows = (await preparedRows(
        db,
        sql`select ${joinRequests.eventId} as event_id, count(*)::int as n from ${joinRequests}
        where ${joinRequests.eventId} = any(${uuidArray(eventIds)}) and ${joinRequests.status} = 'pending'
        group by ${joinRequests.eventId}`,
      )) as { event_id: string; n: number }[];
      for (const r of rows) result.set(r.event_id, r.n);
      return result;
    },

    // Where the user stands with each event: accepted participant or not, and their latest request
    // (one statement behind every card's role and the event page's join status).
    async standingOf(
      userId: string,
      eventIds: readonly string[],
    ): Promise<Map<string, { participant: boolean; latest: JoinRequestRow | undefined }>> {
      const result = new Map<string, { participant: boolean; latest: JoinRequestRow | undefined }>();
      if (eventIds.length === 0) return result;
      const rows = await statementRows(db, STANDING, { userId, ids: validUuids(eventIds) });
      for (const raw of rows) {
        // The standing* columns stay on the decoded row (deleting keys slows later reads).
        const eventId = raw.standingOf as string;
        const participant = raw.standingParticipant === true;
        result.set(eventId, { participant, latest: raw.id ? joinRequestRow.decode(raw) : undefined });
      }
      return result;
    },

    async addParticipant(tx: DbOrTx, eventId: string, userId: string, joinRequestId: string): Promise<void> {
      await tx.insert(eventParticipants).values({ eventId, userId, joinRequestId });
    },

    async removeParticipant(tx: DbOrTx, eventId: string, userId: string): Promise<boolean> {
      const rows = await tx
        .delete(eventParticipants)
        .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
        .returning({ userId: eventParticipants.userId });
      return rows.length === 1;
    },

    async changeParticipantCount(tx: DbOrTx, eventId: string, delta: 1 | -1): Promise<EventRow> {
      const [row] = await tx
        .update(events)
        .set({ participantCount: sql`${events.participantCount} + ${delta}`, updatedAt: sql`now()` })
        .where(eq(events.id, eventId))
        .returning();
      return row;
    },

    // Pending requests between two users on each other's events that have not ended (a block ends them).
    // A user's pending and accepted requests on events that have not ended, in event order (the
    // order every decision locks in).
    async activeOfUser(tx: DbOrTx, userId: string, now: Date) {
      return tx
        .select({ id: joinRequests.id, eventId: joinRequests.eventId })
        .from(joinRequests)
        .innerJoin(events, eq(events.id, joinRequests.eventId))
        .where(
          and(
            eq(joinRequests.userId, userId),
            inArray(joinRequests.status, ['pending', 'accepted', 'waitlisted', 'offered']),
            gt(events.endsAt, now),
            isNull(events.cancelledAt),
          ),
        )
        .orderBy(joinRequests.eventId);
    },

    async pendingBetween(tx: DbOrTx, a: string, b: string, now: Date) {
      return tx
        .select({
          id: joinRequests.id,
          userId: joinRequests.userId,
          eventId: events.id,
          hostId: events.hostId,
          title: events.title,
        })
        .from(joinRequests)
        .innerJoin(events, eq(events.id, joinRequests.eventId))
        .where(
          and(
            inArray(joinRequests.status, ['pending', 'waitlisted', 'offered']),
            gt(events.endsAt, now),
            sql`${events.cancelledAt} is null`,
            or(
              and(eq(joinRequests.userId, a), eq(events.hostId, b)),
              and(eq(joinRequests.userId, b), eq(events.hostId, a)),
            ),
          ),
        );
    },

    // Ends a request only if it is still waiting (a concurrent accept may have won). An ended offer's
    // place is offered again by the waitlist sweep.
    async endIfPending(
      tx: DbOrTx,
      id: string,
      values: { status: 'declined' | 'withdrawn'; decidedAt: Date; decidedBy: string },
    ): Promise<JoinRequestRow | undefined> {
      const [row] = await tx
        .update(joinRequests)
        .set(values)
        .where(
          and(eq(joinRequests.id, id), inArray(joinRequests.status, ['pending', 'waitlisted', 'offered'])),
        )
        .returning();
      return row;
    },

    // Pending requests on the upcoming events a user hosts (the header badge).
    async hostPendingCount(hostId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(joinRequests)
        .innerJoin(events, eq(events.id, joinRequests.eventId))
        .where(
          and(
            eq(events.hostId, hostId),
            eq(joinRequests.status, 'pending'),
            gt(events.endsAt, now),
            sql`${events.cancelledAt} is null`,
          ),
        );
      return row?.n ?? 0;
    },

    async otherPendingRequests(tx: DbOrTx, eventId: string, exceptId: string) {
      return tx
        .select()
        .from(joinRequests)
        .where(
          and(
            eq(joinRequests.eventId, eventId),
            eq(joinRequests.status, 'pending'),
            ne(joinRequests.id, exceptId),
          ),
        );
    },
  };
}
