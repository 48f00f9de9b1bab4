import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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
  type NewEventRow,
  type ParticipantRow,
} from '#db/schema/index.ts';
import { hasPriorityListing } from '#server/modules/payments/payments.filters.ts';

// An event's own rows: writes, locks, the loaders behind every card (events by id, the viewer's
// relation, participants, ratings) and who hears about a change. Lists and search live in
// events-discovery.repository.ts, counters and statistics in events-analytics.repository.ts.

export const eventRow = rowCodec(events);
// Of these hosts, those with priority listing now (ADR 038): for an event not read through a list page.
const FEATURED_HOSTS = prepareStatement(
  sql`select h.id from unnest(${sql.placeholder('ids')}::uuid[]) as h(id)
  where ${hasPriorityListing(sql`h.id`, sql.placeholder('now'))}`,
);
const BY_IDS = prepareStatement(
  sql`select ${eventRow.columns} from ${events} where ${events.id} = any(${sql.placeholder('ids')}::uuid[])`,
);
const participantRow = rowCodec(eventParticipants);

export function createEventsRepository(db: DbOrTx) {
  return {
    async insert(tx: DbOrTx, values: NewEventRow): Promise<EventRow> {
      const [row] = await tx.insert(events).values(values).returning();
      return row;
    },

    async featuredHosts(hostIds: readonly string[], now: Date): Promise<Set<string>> {
      if (hostIds.length === 0) return new Set();
      const rows = await statementRows(db, FEATURED_HOSTS, { ids: validUuids(hostIds), now });
      return new Set(rows.map((r) => r.id as string));
    },

    async findByIds(ids: readonly string[]): Promise<EventRow[]> {
      if (ids.length === 0) return [];
      const rows = await statementRows(db, BY_IDS, { ids: validUuids(ids) });
      return rows.map(eventRow.decode);
    },

    async update(tx: DbOrTx, id: string, values: Partial<NewEventRow>): Promise<EventRow> {
      const [row] = await tx
        .update(events)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(events.id, id))
        .returning();
      return row;
    },

    // Locks the row for the rest of the transaction (updates, cancellation, capacity checks).
    async upcomingHostedIds(tx: DbOrTx, hostId: string, now: Date): Promise<string[]> {
      const rows = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.hostId, hostId), isNull(events.cancelledAt), gt(events.startsAt, now)))
        .orderBy(events.startsAt);
      return rows.map((r) => r.id);
    },

    async lockForUpdate(tx: DbOrTx, id: string): Promise<EventRow | undefined> {
      const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      return row;
    },

    // Everyone who must hear about a change: accepted participants, pending requesters and the
    // waitlist (ADR 045).
    async audience(tx: DbOrTx, eventId: string): Promise<{ userId: string; joinRequestId: string | null }[]> {
      const rows = await tx.execute<{ user_id: string; join_request_id: string | null }>(sql`
        select user_id, null::uuid as join_request_id from event_participants where event_id = ${eventId}
        union
        select user_id, id from join_requests where event_id = ${eventId}
          and status in ('pending', 'waitlisted', 'offered')`);
      const seen = new Map<string, string | null>();
      for (const r of rows.rows)
        if (!seen.has(r.user_id) || r.join_request_id) seen.set(r.user_id, r.join_request_id);
      return [...seen].map(([userId, joinRequestId]) => ({ userId, joinRequestId }));
    },

    // The viewer's relation to each event other than hosting: accepted participant, or requester
    // (pending, or in the waitlist).
    async relationsOf(
      viewerId: string,
      eventIds: readonly string[],
    ): Promise<Map<string, 'participant' | 'requester'>> {
      const result = new Map<string, 'participant' | 'requester'>();
      if (eventIds.length === 0) return result;
      // One round trip behind every card; a participant row wins over a pending request.
      const rows = (await preparedRows(
        db,
        sql`
        select ${joinRequests.eventId} as event_id, 'requester' as relation from ${joinRequests}
        where ${joinRequests.userId} = ${viewerId}::uuid and ${joinRequests.eventId} = any(${uuidArray(eventIds)})
          and ${joinRequests.status} in ('pending', 'waitlisted', 'offered')
        union all
        select ${eventParticipants.eventId}, 'participant' from ${eventParticipants}
        where ${eventParticipants.userId} = ${viewerId}::uuid and ${eventParticipants.eventId} = any(${uuidArray(eventIds)})`,
      )) as { event_id: string; relation: 'participant' | 'requester' }[];
      for (const r of rows)
        if (r.relation === 'participant' || !result.has(r.event_id)) result.set(r.event_id, r.relation);
      return result;
    },

    async participantsOf(eventIds: readonly string[]): Promise<Map<string, ParticipantRow[]>> {
      const result = new Map<string, ParticipantRow[]>(eventIds.map((id) => [id, []]));
      if (eventIds.length === 0) return result;
      const rows = (
        await preparedRows(
          db,
          sql`select ${participantRow.columns} from ${eventParticipants}
          where ${eventParticipants.eventId} = any(${uuidArray(eventIds)}) order by ${eventParticipants.joinedAt}`,
        )
      ).map(participantRow.decode);
      for (const r of rows) result.get(r.eventId)?.push(r);
      return result;
    },

    // Ratings of the host by participants, per event.
    async ratingsOf(
      eventIds: readonly string[],
    ): Promise<Map<string, { average: number | null; count: number }>> {
      const result = new Map<string, { average: number | null; count: number }>(
        eventIds.map((id) => [id, { average: null, count: 0 }]),
      );
      if (eventIds.length === 0) return result;
      const rows = (await preparedRows(
        db,
        sql`
        select r.event_id, round(avg(r.score)::numeric, 2)::float8 as average, count(*)::int as n
        from ratings r join events e on e.id = r.event_id and e.host_id = r.ratee_id
        where r.event_id = any(${uuidArray(eventIds)})
        group by r.event_id`,
      )) as { event_id: string; average: number; n: number }[];
      for (const r of rows) result.set(r.event_id, { average: r.average, count: r.n });
      return result;
    },
  };
}
