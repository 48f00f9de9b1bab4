import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { preparedRows } from '#db/row-codec.ts';
import { events, type EventRow } from '#db/schema/index.ts';
import type { QuickFilter } from '#server/modules/enum-values.ts';
import { notBlockedWith } from '#server/modules/safety/safety.filters.ts';
import { hostNotHidden } from '#server/modules/trust/trust.filters.ts';
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
import { eventRow } from './events.repository.ts';

// Finding events: the map's nearest-first page, the lists' filters and search, and My Events.

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

export const textArray = (values: readonly string[]) =>
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
  if (q.viewerId) conds.push(...notBlockedWith(q.viewerId, events.hostId));
  conds.push(hostNotHidden(events.hostHiddenUntil, q.now));
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

export function createEventsDiscovery(db: DbOrTx) {
  return {
    async list(q: EventListQuery): Promise<EventModel[]> {
      const rows = await preparedRows(db, listQuery(q));
      if (!q.near) return rows.map(eventRow.decode);
      return rows.map((raw) => {
        const c = Number(raw.chord);
        return { ...eventRow.decode(raw), distanceKm: metresOfChord(c) / 1000, sortKey: c };
      });
    },

    async count(q: EventListQuery): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(and(...conditions(q)));
      return row?.n ?? 0;
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
  };
}

// Events a user hosted or joined, newest first (profile's recent activity and event list).
export function createActivityQueries(db: DbOrTx) {
  return {
    // A user's hosted and joined events, newest first. Seen by someone else (`viewerId`), events whose
    // host is on the other side of a block with them drop out, as in every list.
    async hostedAndJoined(
      userId: string,
      limit: number,
      viewerId?: string,
    ): Promise<{ event: EventRow; type: 'hosted' | 'joined' }[]> {
      const visible =
        viewerId && viewerId !== userId
          ? sql`and ${sql.join(notBlockedWith(viewerId, events.hostId), sql` and `)}`
          : sql``;
      const rows = await db.execute<{ id: string; type: 'hosted' | 'joined' }>(sql`
        select id, type from (
          select ${events.id}, 'hosted' as type, ${events.startsAt} from ${events}
           where ${events.hostId} = ${userId} and ${events.cancelledAt} is null ${visible}
          union all
          select ${events.id}, 'joined' as type, ${events.startsAt} from ${events}
            join event_participants p on p.event_id = ${events.id} and p.user_id = ${userId}
          where ${events.cancelledAt} is null ${visible}
        ) x order by starts_at desc limit ${limit}`);
      const ids = rows.rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const events_ = await db.select().from(events).where(inArray(events.id, ids));
      const byId = new Map(events_.map((e) => [e.id, e]));
      return rows.rows.filter((r) => byId.has(r.id)).map((r) => ({ event: byId.get(r.id)!, type: r.type }));
    },
  };
}
