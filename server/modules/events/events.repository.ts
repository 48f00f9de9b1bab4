import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { preparedRows, rowCodec, uuidArray } from '#db/row-codec.ts';
import {
  blocks,
  eventParticipants,
  events,
  eventSaves,
  eventShares,
  eventViews,
  joinRequests,
  type EventRow,
  type NewEventRow,
  type ParticipantRow,
} from '#db/schema/index.ts';
import {
  CHILL_CATEGORIES,
  CHILL_TAGS,
  COMPETITIVE_TAGS,
  NOW_PLAYING_MINUTES,
  SOON_MINUTES,
  STUDY_CATEGORY,
  STUDY_TAGS,
} from './events.catalog.ts';
import type { EventModel } from './events.mappers.ts';

export type QuickFilter =
  | 'soon'
  | 'free'
  | 'beginners'
  | 'competitive'
  | 'chill'
  | 'study_buddy'
  | 'now_playing'
  | 'turkish'
  | 'english'
  | 'mic_required';

export type EventListQuery = {
  mode?: 'physical' | 'online';
  near?: { lat: number; lng: number };
  radiusKm?: number | null;
  bounds?: { south: number; west: number; north: number; east: number };
  // Already folded with the same rules as search_norm(); every word must occur.
  searchWords?: string[];
  category?: string;
  tags?: string[];
  startsBefore?: Date;
  startsAfter?: Date;
  skillLevels?: ('beginner' | 'intermediate' | 'advanced' | 'pro')[];
  quick?: QuickFilter[];
  gameType?: string;
  platforms?: string[];
  voiceChat?: 'required' | 'optional' | 'not_required';
  // The viewer: events of users on the other side of a block with them (either direction) are hidden.
  viewerId?: string;
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

// ll_to_earth computed here: the query then holds a plain cube constant, which keeps planning cheap.
export function earthPoint(p: { lat: number; lng: number }): string {
  const lat = (p.lat * Math.PI) / 180;
  const lng = (p.lng * Math.PI) / 180;
  const r = EARTH_RADIUS_M;
  return `(${r * Math.cos(lat) * Math.cos(lng)}, ${r * Math.cos(lat) * Math.sin(lng)}, ${r * Math.sin(lat)})`;
}
const centerOf = (p: { lat: number; lng: number }) => sql`${earthPoint(p)}::cube`;
// The cube around a circle of `metres` (what earthdistance's earth_box computes), for the index.
const boxAround = (p: { lat: number; lng: number }, metres: number) => {
  const chord = chordOf(metres);
  const [x, y, z] = earthPoint(p).slice(1, -1).split(', ').map(Number);
  return sql`${`(${x - chord}, ${y - chord}, ${z - chord}),(${x + chord}, ${y + chord}, ${z + chord})`}::cube`;
};
// The cube `<->` operator: Euclidean (chord) distance, which a GiST index can order by (KNN).
const chordFrom = (p: { lat: number; lng: number }) =>
  sql<number>`(${events.publicEarth} <-> ${centerOf(p)})`;

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

function quickCondition(chip: QuickFilter, now: Date): SQL {
  switch (chip) {
    case 'soon':
      return sql`${events.startsAt} > ${now} and ${events.startsAt} <= ${new Date(now.getTime() + SOON_MINUTES * 60_000)}`;
    case 'free':
      return sql`${events.price} = 0`;
    case 'beginners':
      return sql`(${events.skillLevel} is null or ${events.skillLevel} = 'beginner')`;
    case 'competitive':
      return sql`(${events.skillLevel} in ('advanced', 'pro') or ${events.tags} && ${textArray(COMPETITIVE_TAGS)})`;
    case 'chill':
      return sql`((${events.category} = any(${textArray(CHILL_CATEGORIES)}) or ${events.tags} && ${textArray(CHILL_TAGS)})
        and (${events.skillLevel} is null or ${events.skillLevel} in ('beginner', 'intermediate')))`;
    case 'study_buddy':
      return sql`(${events.category} = ${STUDY_CATEGORY} or ${events.tags} && ${textArray(STUDY_TAGS)})`;
    case 'now_playing':
      return sql`${events.startsAt} <= ${new Date(now.getTime() + NOW_PLAYING_MINUTES * 60_000)}`;
    case 'turkish':
      return sql`${events.language} = 'tr'`;
    case 'english':
      return sql`${events.language} = 'en'`;
    case 'mic_required':
      return sql`${events.voiceChat} = 'required'`;
  }
}

// `withRadius: false` leaves the radius out (the nearest-first query applies it around its index scan).
function conditions(q: EventListQuery, withRadius = true): SQL[] {
  const conds: SQL[] = [isNull(events.cancelledAt)];
  if (q.mode) conds.push(eq(events.mode, q.mode));
  if (!q.includePast) conds.push(gt(events.endsAt, q.now));
  if (q.bounds) {
    conds.push(sql`${events.publicLat} between ${q.bounds.south} and ${q.bounds.north}`);
    conds.push(sql`${events.publicLng} between ${q.bounds.west} and ${q.bounds.east}`);
  }
  for (const word of q.searchWords ?? []) {
    // search_text is already folded; LIKE '%…%' is served by the trigram index.
    conds.push(sql`${events.searchText} like ${`%${escapeLike(word)}%`}`);
  }
  if (q.category) conds.push(eq(events.category, q.category));
  if (q.tags?.length) conds.push(sql`${events.tags} && ${textArray(q.tags)}`);
  if (q.startsBefore) conds.push(sql`${events.startsAt} < ${q.startsBefore}`);
  if (q.startsAfter) conds.push(sql`${events.startsAt} >= ${q.startsAfter}`);
  if (q.skillLevels?.length) conds.push(inArray(events.skillLevel, q.skillLevels));
  for (const chip of q.quick ?? []) conds.push(quickCondition(chip, q.now));
  if (q.gameType) conds.push(eq(events.gameType, q.gameType));
  if (q.platforms?.length) conds.push(inArray(events.platform, q.platforms));
  if (q.voiceChat) conds.push(eq(events.voiceChat, q.voiceChat));
  if (q.viewerId)
    // Two anti-joins, each one probe of the blocks primary key per candidate row. Written as NOT
    // EXISTS, not `host_id <> all(array(…))`: the planner cannot estimate `<> all` of an unknown array
    // (where one host holds most events it guesses one row) and then sorts every upcoming event by
    // distance instead of walking the nearest-first index, 15 times slower (ADR 008).
    conds.push(
      sql`not exists (select 1 from ${blocks} b where b.blocker_id = ${q.viewerId}::uuid and b.blocked_id = ${events.hostId})`,
      sql`not exists (select 1 from ${blocks} b where b.blocker_id = ${events.hostId} and b.blocked_id = ${q.viewerId}::uuid)`,
    );
  if (q.near) {
    // Distance needs a point: online events have none and drop out of a near query.
    conds.push(sql`${events.publicEarth} is not null`);
    if (q.radiusKm && withRadius) {
      const metres = q.radiusKm * 1000;
      // The box is the index-friendly prefilter (a cube around the circle); the exact check follows.
      conds.push(sql`${boxAround(q.near, metres)} @> ${events.publicEarth}`);
      conds.push(sql`${chordFrom(q.near)} <= ${chordOf(metres)}::float8`);
    }
  }
  return conds;
}

export type MineQuery = {
  role?: 'host' | 'participant';
  active?: boolean;
  searchWords?: string[];
  status?: 'upcoming' | 'ongoing' | 'completed' | 'cancelled';
  now: Date;
  limit: number;
  after?: { s: string; id: string };
};

function mineConditions(userId: string, q: MineQuery): SQL[] {
  const hosted = sql`${events.hostId} = ${userId}`;
  const involved = sql`exists (select 1 from join_requests r where r.event_id = ${events.id} and r.user_id = ${userId} and r.status <> 'withdrawn')`;
  const conds: SQL[] = [
    q.role === 'host' ? hosted : q.role === 'participant' ? involved : sql`(${hosted} or ${involved})`,
  ];
  if (q.active === true) conds.push(sql`${events.cancelledAt} is null and ${events.endsAt} > ${q.now}`);
  if (q.active === false)
    conds.push(sql`(${events.cancelledAt} is not null or ${events.endsAt} <= ${q.now})`);
  for (const word of q.searchWords ?? [])
    conds.push(sql`${events.searchText} like ${`%${escapeLike(word)}%`}`);
  switch (q.status) {
    case 'upcoming':
      conds.push(sql`${events.cancelledAt} is null and ${events.startsAt} > ${q.now}`);
      break;
    case 'ongoing':
      conds.push(
        sql`${events.cancelledAt} is null and ${events.startsAt} <= ${q.now} and ${events.endsAt} > ${q.now}`,
      );
      break;
    case 'completed':
      conds.push(sql`${events.cancelledAt} is null and ${events.endsAt} <= ${q.now}`);
      break;
    case 'cancelled':
      conds.push(sql`${events.cancelledAt} is not null`);
      break;
  }
  return conds;
}

const eventRow = rowCodec(events);
const participantRow = rowCodec(eventParticipants);

// The SQL of one page of `events(filter…)`; exported so tests can EXPLAIN the plan it gets.
export function listQuery(q: EventListQuery): SQL {
  if (q.near) {
    // Nearest first straight from the GiST index (KNN), stopping after `limit` matches; the radius
    // is applied to those. In a dense city this reads a few dozen rows instead of every event in
    // the circle, in an empty area it still stops after `limit`.
    const conds = conditions(q, false);
    const chord = chordFrom(q.near);
    if (q.after?.d !== undefined) {
      // Points never tie (see events.public_earth), so the chord alone orders; the id settles the
      // theoretical exact tie without breaking the index's nearest-first scan.
      conds.push(
        sql`(${chord} > ${q.after.d}::float8 or (${chord} = ${q.after.d}::float8 and ${events.id} > ${q.after.id}::uuid))`,
      );
    }
    // Built as text around a fixed column list (see rowCodec): this runs on every map move.
    const radius = q.radiusKm ? sql`where chord <= ${chordOf(q.radiusKm * 1000)}::float8` : sql``;
    return sql`
      select * from (
        select ${eventRow.columns}, ${chord} as chord from ${events}
        where ${and(...conds)} order by chord limit ${q.limit}
      ) nearest ${radius} order by chord`;
  }
  const conds = conditions(q);
  if (q.after?.s !== undefined) {
    conds.push(sql`(${events.startsAt}, ${events.id}) > (${q.after.s}::timestamptz, ${q.after.id}::uuid)`);
  }
  return sql`
    select ${eventRow.columns} from ${events} where ${and(...conds)}
    order by ${events.startsAt}, ${events.id} limit ${q.limit}`;
}

export function createEventsRepository(db: DbOrTx) {
  return {
    async insert(tx: DbOrTx, values: NewEventRow): Promise<EventRow> {
      const [row] = await tx.insert(events).values(values).returning();
      return row;
    },

    async findByIds(ids: readonly string[]): Promise<EventRow[]> {
      if (ids.length === 0) return [];
      const rows = await preparedRows(
        db,
        sql`select ${eventRow.columns} from ${events} where ${events.id} = any(${uuidArray(ids)})`,
      );
      return rows.map(eventRow.decode);
    },

    async list(q: EventListQuery): Promise<EventModel[]> {
      const rows = await preparedRows(db, listQuery(q));
      if (!q.near) return rows.map(eventRow.decode);
      return rows.map((raw) => {
        const c = Number(raw.chord);
        return { ...eventRow.decode(raw), distanceKm: metresOfChord(c) / 1000, sortKey: c };
      });
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
    async lockForUpdate(tx: DbOrTx, id: string): Promise<EventRow | undefined> {
      const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      return row;
    },

    // Everyone who must hear about a change: accepted participants and pending requesters.
    async audience(tx: DbOrTx, eventId: string): Promise<{ userId: string; joinRequestId: string | null }[]> {
      const rows = await tx.execute<{ user_id: string; join_request_id: string | null }>(sql`
        select user_id, null::uuid as join_request_id from event_participants where event_id = ${eventId}
        union
        select user_id, id from join_requests where event_id = ${eventId} and status = 'pending'`);
      const seen = new Map<string, string | null>();
      for (const r of rows.rows)
        if (!seen.has(r.user_id) || r.join_request_id) seen.set(r.user_id, r.join_request_id);
      return [...seen].map(([userId, joinRequestId]) => ({ userId, joinRequestId }));
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

    async saveCounts(eventIds: readonly string[]): Promise<Map<string, number>> {
      const result = new Map<string, number>(eventIds.map((id) => [id, 0]));
      if (eventIds.length === 0) return result;
      const rows = await db
        .select({ eventId: eventSaves.eventId, n: sql<number>`count(*)::int` })
        .from(eventSaves)
        .where(inArray(eventSaves.eventId, [...eventIds]))
        .groupBy(eventSaves.eventId);
      for (const r of rows) result.set(r.eventId, r.n);
      return result;
    },

    async savedBy(userId: string, eventIds: readonly string[]): Promise<Set<string>> {
      if (eventIds.length === 0) return new Set();
      const rows = await db
        .select({ eventId: eventSaves.eventId })
        .from(eventSaves)
        .where(and(eq(eventSaves.userId, userId), inArray(eventSaves.eventId, [...eventIds])));
      return new Set(rows.map((r) => r.eventId));
    },

    async save(userId: string, eventId: string): Promise<void> {
      await db.insert(eventSaves).values({ userId, eventId }).onConflictDoNothing();
    },

    async unsave(userId: string, eventId: string): Promise<void> {
      await db.delete(eventSaves).where(and(eq(eventSaves.userId, userId), eq(eventSaves.eventId, eventId)));
    },

    // One row per viewer and Turkish day; true when this call added it.
    async recordView(eventId: string, viewerId: string, day: string): Promise<boolean> {
      const rows = await db
        .insert(eventViews)
        .values({ eventId, viewerId, day })
        .onConflictDoNothing()
        .returning({ day: eventViews.day });
      return rows.length === 1;
    },

    async recordShare(eventId: string, userId: string, channel: string): Promise<void> {
      await db.insert(eventShares).values({ eventId, userId, channel });
    },

    async analytics(event: EventRow) {
      const [views] = (
        await db.execute<{
          views: number;
          saves: number;
          shares: number;
          requests: number;
          accepted: number;
          median_minutes: number | null;
        }>(sql`
        select
          (select count(*)::int from event_views where event_id = ${event.id}) as views,
          (select count(*)::int from event_saves where event_id = ${event.id}) as saves,
          (select count(*)::int from event_shares where event_id = ${event.id}) as shares,
          (select count(*)::int from join_requests where event_id = ${event.id}) as requests,
          (select count(*)::int from join_requests where event_id = ${event.id} and status = 'accepted') as accepted,
          (select percentile_cont(0.5) within group (order by extract(epoch from decided_at - created_at) / 60.0)
             from join_requests where event_id = ${event.id} and decided_by = ${event.hostId} and decided_at is not null
          )::float8 as median_minutes`)
      ).rows;
      const byDay = await db
        .select({ day: eventViews.day, n: sql<number>`count(*)::int` })
        .from(eventViews)
        .where(eq(eventViews.eventId, event.id))
        .groupBy(eventViews.day)
        .orderBy(eventViews.day);
      return { ...views, byDay: byDay.map((d) => ({ date: String(d.day), count: d.n })) };
    },

    async lobbyStats(now: Date, popularGames: readonly string[]) {
      const [row] = (
        await db.execute<{
          active: number;
          games: number;
          accepted: number;
          decided: number;
          rating: number | null;
        }>(sql`
        select
          (select count(*)::int from users where last_seen_at > ${new Date(now.getTime() - 15 * 60_000)}) as active,
          (select count(distinct g)::int from (
             select unnest(tags) as g from events
               where mode = 'online' and cancelled_at is null and ends_at > ${now} and tags && ${textArray(popularGames)}
             union all
             select platform from events
               where mode = 'online' and cancelled_at is null and ends_at > ${now} and platform is not null and platform <> 'Other'
           ) games where g = any(${textArray([...popularGames, 'Steam', 'Discord', 'CS2'])})) as games,
          (select count(*)::int from join_requests where status = 'accepted' and decided_at > ${new Date(now.getTime() - 30 * 86_400_000)}) as accepted,
          (select count(*)::int from join_requests where status in ('accepted', 'declined') and decided_at > ${new Date(now.getTime() - 30 * 86_400_000)}) as decided,
          (select round(avg(r.score)::numeric, 2)::float8 from ratings r join events e on e.id = r.event_id and e.host_id = r.ratee_id
             where e.mode = 'online') as rating`)
      ).rows;
      return row;
    },

    // Events a user hosts, joined or asked to join (withdrawn requests excepted).
    async mine(userId: string, q: MineQuery): Promise<EventRow[]> {
      const conds = mineConditions(userId, q);
      const past = q.active === false;
      if (q.after) {
        conds.push(
          past
            ? sql`(${events.startsAt}, ${events.id}) < (${q.after.s}::timestamptz, ${q.after.id}::uuid)`
            : sql`(${events.startsAt}, ${events.id}) > (${q.after.s}::timestamptz, ${q.after.id}::uuid)`,
        );
      }
      return db
        .select()
        .from(events)
        .where(and(...conds))
        .orderBy(
          ...(past ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)]),
        )
        .limit(q.limit);
    },

    async mineCount(userId: string, q: MineQuery): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(and(...mineConditions(userId, q)));
      return row?.n ?? 0;
    },

    async mineCounts(userId: string): Promise<{ total: number; hosted: number; attended: number }> {
      const [row] = (
        await db.execute<{ total: number; hosted: number; attended: number }>(sql`
        with mine as (
          select e.id, e.host_id = ${userId} as hosted from events e
          where e.host_id = ${userId}
             or exists (select 1 from join_requests r where r.event_id = e.id and r.user_id = ${userId} and r.status <> 'withdrawn')
        )
        select count(*)::int as total, count(*) filter (where hosted)::int as hosted, count(*) filter (where not hosted)::int as attended from mine`)
      ).rows;
      return row;
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
      // One round trip behind every card; a participant row wins over a pending request.
      const rows = (await preparedRows(
        db,
        sql`
        select ${joinRequests.eventId} as event_id, 'requester' as relation from ${joinRequests}
        where ${joinRequests.userId} = ${viewerId}::uuid and ${joinRequests.eventId} = any(${uuidArray(eventIds)})
          and ${joinRequests.status} = 'pending'
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
