import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  eventParticipants,
  events,
  joinRequests,
  type EventRow,
  type NewEventRow,
  type ParticipantRow,
} from '#db/schema/index.ts';
import type { EventModel } from './events.mappers.ts';

export type EventListQuery = {
  mode?: 'physical' | 'online';
  near?: { lat: number; lng: number };
  radiusKm?: number | null;
  includePast: boolean;
  now: Date;
  limit: number;
  after?: { d?: number; s?: string; id: string };
};

// earthdistance's earth radius (metres). Distances on the sphere are compared as chord lengths
// (cube_distance between ll_to_earth points), which order exactly like great-circle distances and
// need no per-row trigonometry in SQL.
export const EARTH_RADIUS_M = 6378168;
export const chordOf = (metres: number) => 2 * EARTH_RADIUS_M * Math.sin(metres / (2 * EARTH_RADIUS_M));
export const metresOfChord = (chord: number) =>
  2 * EARTH_RADIUS_M * Math.asin(Math.min(1, chord / (2 * EARTH_RADIUS_M)));

const centerOf = (p: { lat: number; lng: number }) => sql`ll_to_earth(${p.lat}::float8, ${p.lng}::float8)`;
// The cube `<->` operator: Euclidean (chord) distance, which a GiST index can order by (KNN).
const chordFrom = (p: { lat: number; lng: number }) =>
  sql<number>`(${events.publicEarth} <-> ${centerOf(p)})`;

function conditions(q: EventListQuery): SQL[] {
  const conds: SQL[] = [isNull(events.cancelledAt)];
  if (q.mode) conds.push(eq(events.mode, q.mode));
  if (!q.includePast) conds.push(gt(events.endsAt, q.now));
  if (q.near) {
    // Distance needs a point: online events have none and drop out of a near query.
    conds.push(sql`${events.publicEarth} is not null`);
    if (q.radiusKm) {
      const metres = q.radiusKm * 1000;
      // earth_box is the index-friendly prefilter (a cube around the circle); the exact check follows.
      conds.push(sql`earth_box(${centerOf(q.near)}, ${metres}::float8) @> ${events.publicEarth}`);
      conds.push(sql`${chordFrom(q.near)} <= ${chordOf(metres)}::float8`);
    }
  }
  return conds;
}

export function createEventsRepository(db: DbOrTx) {
  return {
    async insert(tx: DbOrTx, values: NewEventRow): Promise<EventRow> {
      const [row] = await tx.insert(events).values(values).returning();
      return row;
    },

    async findByIds(ids: readonly string[]): Promise<EventRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(events)
        .where(inArray(events.id, [...ids]));
    },

    async list(q: EventListQuery): Promise<EventModel[]> {
      const conds = conditions(q);
      if (q.near) {
        const chord = chordFrom(q.near);
        if (q.after?.d !== undefined) {
          conds.push(sql`(${chord}, ${events.id}) > (${q.after.d}::float8, ${q.after.id}::uuid)`);
        }
        const rows = await db
          .select({ event: events, chord })
          .from(events)
          .where(and(...conds))
          .orderBy(chord, asc(events.id))
          .limit(q.limit);
        return rows.map((r) => ({ ...r.event, distanceKm: metresOfChord(r.chord) / 1000, sortKey: r.chord }));
      }
      if (q.after?.s !== undefined) {
        conds.push(
          sql`(${events.startsAt}, ${events.id}) > (${q.after.s}::timestamptz, ${q.after.id}::uuid)`,
        );
      }
      return db
        .select()
        .from(events)
        .where(and(...conds))
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(q.limit);
    },

    async count(q: EventListQuery): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(and(...conditions(q)));
      return row?.n ?? 0;
    },

    // The viewer's relation to each event other than hosting: accepted participant or pending requester.
    async relationsOf(
      viewerId: string,
      eventIds: readonly string[],
    ): Promise<Map<string, 'participant' | 'requester'>> {
      const result = new Map<string, 'participant' | 'requester'>();
      if (eventIds.length === 0) return result;
      const ids = [...eventIds];
      const pending = await db
        .select({ eventId: joinRequests.eventId })
        .from(joinRequests)
        .where(
          and(
            eq(joinRequests.userId, viewerId),
            inArray(joinRequests.eventId, ids),
            eq(joinRequests.status, 'pending'),
          ),
        );
      for (const p of pending) result.set(p.eventId, 'requester');
      const joined = await db
        .select({ eventId: eventParticipants.eventId })
        .from(eventParticipants)
        .where(and(eq(eventParticipants.userId, viewerId), inArray(eventParticipants.eventId, ids)));
      for (const j of joined) result.set(j.eventId, 'participant');
      return result;
    },

    async participantsOf(eventIds: readonly string[]): Promise<Map<string, ParticipantRow[]>> {
      const result = new Map<string, ParticipantRow[]>(eventIds.map((id) => [id, []]));
      if (eventIds.length === 0) return result;
      const rows = await db
        .select()
        .from(eventParticipants)
        .where(inArray(eventParticipants.eventId, [...eventIds]))
        .orderBy(asc(eventParticipants.joinedAt));
      for (const r of rows) result.get(r.eventId)?.push(r);
      return result;
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

// Events a user hosted or joined, newest first (profile's recent activity and event list).
export function createActivityQueries(db: DbOrTx) {
  return {
    async hostedAndJoined(
      userId: string,
      limit: number,
    ): Promise<{ event: EventRow; type: 'hosted' | 'joined' }[]> {
      const rows = await db.execute<{ id: string; type: 'hosted' | 'joined' }>(sql`
        select id, type from (
          select e.id, 'hosted' as type, e.starts_at from events e where e.host_id = ${userId} and e.cancelled_at is null
          union all
          select e.id, 'joined' as type, e.starts_at from events e
            join event_participants p on p.event_id = e.id and p.user_id = ${userId}
          where e.cancelled_at is null
        ) x order by starts_at desc limit ${limit}`);
      const ids = rows.rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const events_ = await db.select().from(events).where(inArray(events.id, ids));
      const byId = new Map(events_.map((e) => [e.id, e]));
      return rows.rows.filter((r) => byId.has(r.id)).map((r) => ({ event: byId.get(r.id)!, type: r.type }));
    },
  };
}
