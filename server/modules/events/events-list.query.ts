import { sql, type SQL } from 'drizzle-orm';
import { prepareStatement, rowCodec, type Statement } from '#db/row-codec.ts';
import { events, users } from '#db/schema/index.ts';
import type { QuickFilter } from '#server/modules/enum-values.ts';
import { notBlockedWith } from '#server/modules/safety/safety.filters.ts';
import { hasPriorityListing } from '#server/modules/payments/payments.filters.ts';
import { hostNotHidden } from '#server/modules/trust/trust.filters.ts';
import {
  CHILL_CATEGORIES,
  CHILL_TAGS,
  COMPETITIVE_TAGS,
  NOW_PLAYING_MINUTES,
  SOON_MINUTES,
  CHEAP_MAX_PRICE,
  STUDY_CATEGORY,
  STUDY_TAGS,
} from './events.catalog.ts';
import { EVENT_SQL_ONLY_COLUMNS } from './events.mappers.ts';

// The SQL of `events(filter…)` pages and counts. A filter has a shape (which conditions, which
// order) and values; the statement text depends on the shape only and is built once per shape
// (ADR 008), each request then only supplies values for the placeholders.

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
const EARTH_RADIUS_M = 6378168;
const chordOf = (metres: number) => 2 * EARTH_RADIUS_M * Math.sin(metres / (2 * EARTH_RADIUS_M));
// The great-circle distance in km of a chord ("sortKey"), in SQL.
const DISTANCE_KM = `2 * ${EARTH_RADIUS_M} * asin(least(1, "sortKey" / ${2 * EARTH_RADIUS_M})) / 1000`;

// ll_to_earth computed here: the query then holds a plain cube constant, which keeps planning cheap.
function earthXyz(p: { lat: number; lng: number }): [number, number, number] {
  const lat = (p.lat * Math.PI) / 180;
  const lng = (p.lng * Math.PI) / 180;
  const r = EARTH_RADIUS_M;
  return [r * Math.cos(lat) * Math.cos(lng), r * Math.cos(lat) * Math.sin(lng), r * Math.sin(lat)];
}
const cubeText = (p: { lat: number; lng: number }) => `(${earthXyz(p).join(', ')})`;
// The cube around a circle of `metres` (what earthdistance's earth_box computes), for the index.
function boxText(p: { lat: number; lng: number }, metres: number): string {
  const chord = chordOf(metres);
  const [x, y, z] = earthXyz(p);
  return `(${x - chord}, ${y - chord}, ${z - chord}),(${x + chord}, ${y + chord}, ${z + chord})`;
}

// Pages of lists select only what the fields read (EventFields).
export const eventListRow = rowCodec(events, { omit: EVENT_SQL_ONLY_COLUMNS });

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);
const P = (name: string) => sql.placeholder(name);

type Shape = {
  near: boolean;
  radius: boolean;
  afterDistance: boolean;
  afterStart: boolean;
  mode: boolean;
  past: boolean;
  bounds: boolean;
  words: number;
  category: boolean;
  tags: boolean;
  startsBefore: boolean;
  startsAfter: boolean;
  skill: boolean;
  quick: readonly QuickFilter[];
  gameType: boolean;
  platforms: boolean;
  voiceChat: boolean;
  viewer: boolean;
};

function shapeOf(q: EventListQuery): Shape {
  return {
    near: q.near !== undefined,
    radius: q.near !== undefined && Boolean(q.radiusKm),
    afterDistance: q.near !== undefined && q.after?.d !== undefined,
    afterStart: q.near === undefined && q.after?.s !== undefined,
    mode: q.mode !== undefined,
    past: q.includePast,
    bounds: q.bounds !== undefined,
    words: q.searchWords?.length ?? 0,
    category: q.category !== undefined,
    tags: Boolean(q.tags?.length),
    startsBefore: q.startsBefore !== undefined,
    startsAfter: q.startsAfter !== undefined,
    skill: Boolean(q.skillLevels?.length),
    quick: q.quick ?? [],
    gameType: q.gameType !== undefined,
    platforms: Boolean(q.platforms?.length),
    voiceChat: q.voiceChat !== undefined,
    viewer: q.viewerId !== undefined,
  };
}

// The shape as a short string (one character per flag); runs on every request.
const flag = (on: boolean) => (on ? '1' : '0');
const keyOf = (s: Shape) =>
  flag(s.near) +
  flag(s.radius) +
  flag(s.afterDistance) +
  flag(s.afterStart) +
  flag(s.mode) +
  flag(s.past) +
  flag(s.bounds) +
  flag(s.category) +
  flag(s.tags) +
  flag(s.startsBefore) +
  flag(s.startsAfter) +
  flag(s.skill) +
  flag(s.gameType) +
  flag(s.platforms) +
  flag(s.voiceChat) +
  flag(s.viewer) +
  `|${s.words}|${s.quick.join(',')}`;

// The placeholders' values for a query (the names the builders below use).
function valuesOf(q: EventListQuery): Record<string, unknown> {
  const v: Record<string, unknown> = { now: q.now, limit: q.limit };
  if (q.mode) v.mode = q.mode;
  if (q.bounds) Object.assign(v, q.bounds);
  q.searchWords?.forEach((word, i) => (v[`word${i}`] = `%${escapeLike(word)}%`));
  if (q.category) v.category = q.category;
  if (q.tags?.length) v.tags = q.tags;
  if (q.startsBefore) v.startsBefore = q.startsBefore;
  if (q.startsAfter) v.startsAfter = q.startsAfter;
  if (q.skillLevels?.length) v.skillLevels = q.skillLevels;
  if (q.quick?.length) {
    v.soonUntil = new Date(q.now.getTime() + SOON_MINUTES * 60_000);
    v.nowPlayingUntil = new Date(q.now.getTime() + NOW_PLAYING_MINUTES * 60_000);
    Object.assign(v, { competitiveTags: COMPETITIVE_TAGS, chillCategories: CHILL_CATEGORIES });
    Object.assign(v, { chillTags: CHILL_TAGS, studyCategory: STUDY_CATEGORY, studyTags: STUDY_TAGS });
  }
  if (q.gameType) v.gameType = q.gameType;
  if (q.platforms?.length) v.platforms = q.platforms;
  if (q.voiceChat) v.voiceChat = q.voiceChat;
  if (q.viewerId) v.viewerId = q.viewerId;
  if (q.near) {
    v.center = cubeText(q.near);
    if (q.radiusKm) {
      v.box = boxText(q.near, q.radiusKm * 1000);
      v.maxChord = chordOf(q.radiusKm * 1000);
    }
  }
  if (q.after) {
    v.afterId = q.after.id;
    if (q.after.d !== undefined) v.afterChord = q.after.d;
    if (q.after.s !== undefined) v.afterStart = q.after.s;
  }
  return v;
}

function quickCondition(chip: QuickFilter): SQL {
  switch (chip) {
    case 'soon':
      return sql`${events.startsAt} > ${P('now')}::timestamptz and ${events.startsAt} <= ${P('soonUntil')}::timestamptz`;
    case 'free':
      return sql`${events.price} = 0`;
    case 'cheap':
      return sql`${events.price} <= ${sql.raw(String(CHEAP_MAX_PRICE))}`;
    case 'beginners':
      return sql`(${events.skillLevel} is null or ${events.skillLevel} = 'beginner')`;
    case 'competitive':
      return sql`(${events.skillLevel} in ('advanced', 'pro') or ${events.tags} && ${P('competitiveTags')}::text[])`;
    case 'chill':
      return sql`((${events.category} = any(${P('chillCategories')}::text[]) or ${events.tags} && ${P('chillTags')}::text[])
        and (${events.skillLevel} is null or ${events.skillLevel} in ('beginner', 'intermediate')))`;
    case 'study_buddy':
      return sql`(${events.category} = ${P('studyCategory')} or ${events.tags} && ${P('studyTags')}::text[])`;
    case 'now_playing':
      return sql`${events.startsAt} <= ${P('nowPlayingUntil')}::timestamptz`;
    case 'turkish':
      return sql`${events.language} = 'tr'`;
    case 'english':
      return sql`${events.language} = 'en'`;
    case 'mic_required':
      return sql`${events.voiceChat} = 'required'`;
  }
}

const chord = sql`(${events.publicEarth} <-> ${P('center')}::cube)`;

// `withRadius: false` leaves the radius out (the nearest-first query applies it around its index scan).
function conditions(s: Shape, withRadius: boolean): SQL[] {
  const conds: SQL[] = [sql`${events.cancelledAt} is null`];
  if (s.mode) conds.push(sql`${events.mode} = ${P('mode')}::event_mode`);
  if (!s.past) conds.push(sql`${events.endsAt} > ${P('now')}::timestamptz`);
  if (s.bounds) {
    conds.push(sql`${events.publicLat} between ${P('south')}::float8 and ${P('north')}::float8`);
    conds.push(sql`${events.publicLng} between ${P('west')}::float8 and ${P('east')}::float8`);
  }
  for (let i = 0; i < s.words; i++) {
    // Each word in the event's text or in its host's display name or username (the lobby promises
    // finding players). Both are folded alike and served by trigram indexes; the hosts whose name
    // matches are looked up once per word (an init plan), then their events by host.
    const word = P(`word${i}`);
    conds.push(
      sql`(${events.searchText} like ${word} or ${events.hostId} = any(array(select u.id from ${users} u where u.search_name like ${word})))`,
    );
  }
  if (s.category) conds.push(sql`${events.category} = ${P('category')}`);
  if (s.tags) conds.push(sql`${events.tags} && ${P('tags')}::text[]`);
  if (s.startsBefore) conds.push(sql`${events.startsAt} < ${P('startsBefore')}::timestamptz`);
  if (s.startsAfter) conds.push(sql`${events.startsAt} >= ${P('startsAfter')}::timestamptz`);
  if (s.skill) conds.push(sql`${events.skillLevel} = any(${P('skillLevels')}::skill_level[])`);
  for (const chip of s.quick) conds.push(quickCondition(chip));
  if (s.gameType) conds.push(sql`${events.gameType} = ${P('gameType')}`);
  if (s.platforms) conds.push(sql`${events.platform} = any(${P('platforms')}::text[])`);
  if (s.voiceChat) conds.push(sql`${events.voiceChat} = ${P('voiceChat')}::voice_chat`);
  if (s.viewer) conds.push(...notBlockedWith(P('viewerId'), events.hostId));
  // Suspended hosts and hosts hidden by the report safeguard (ADR 039): a column of the row itself.
  conds.push(hostNotHidden(events.hostHiddenUntil, sql`${P('now')}::timestamptz`));
  if (s.near) {
    // Distance needs a point: online events have none and drop out of a near query.
    conds.push(sql`${events.publicEarth} is not null`);
    if (s.radius && withRadius) {
      // The box is the index-friendly prefilter (a cube around the circle); the exact check follows.
      conds.push(sql`${P('box')}::cube @> ${events.publicEarth}`);
      conds.push(sql`${chord} <= ${P('maxChord')}::float8`);
    }
  }
  return conds;
}

const and = (conds: SQL[]) => sql.join(conds, sql` and `);

function pageSql(s: Shape): SQL {
  if (s.near) {
    // Nearest first straight from the GiST index (KNN), stopping after `limit` matches; the radius
    // is applied to those. In a dense city this reads a few dozen rows instead of every event in
    // the circle, in an empty area it still stops after `limit`.
    const conds = conditions(s, false);
    if (s.afterDistance) {
      // Points never tie (see events.public_earth), so the chord alone orders; the id settles the
      // theoretical exact tie without breaking the index's nearest-first scan.
      conds.push(
        sql`(${chord} > ${P('afterChord')}::float8 or (${chord} = ${P('afterChord')}::float8 and ${events.id} > ${P('afterId')}::uuid))`,
      );
    }
    // The row arrives with its distance and sort key (EventModel), nothing added to it afterwards.
    const radius = s.radius ? sql`where "sortKey" <= ${P('maxChord')}::float8` : sql``;
    // Whether the host has priority listing (ADR 038) is asked for the page's rows only.
    return sql`
      select *, ${sql.raw(DISTANCE_KM)} as "distanceKm",
        ${hasPriorityListing(sql`nearest."hostId"`, P('now'))} as "featured" from (
        select ${eventListRow.columns}, ${chord} as "sortKey" from ${events}
        where ${and(conds)} order by "sortKey" limit ${P('limit')}::int
      ) nearest ${radius} order by "sortKey"`;
  }
  const conds = conditions(s, true);
  if (s.afterStart) {
    conds.push(
      sql`(${events.startsAt}, ${events.id}) > (${P('afterStart')}::timestamptz, ${P('afterId')}::uuid)`,
    );
  }
  return sql`
    select ${eventListRow.columns}, ${hasPriorityListing(events.hostId, P('now'))} as "featured"
    from ${events} where ${and(conds)}
    order by ${events.startsAt}, ${events.id} limit ${P('limit')}::int`;
}

const countSql = (s: Shape) =>
  sql`select count(*)::int as n from ${events} where ${and(conditions(s, true))}`;

// One statement per shape, built on first use. The shapes are bounded (flags, up to 8 search words,
// a set of quick chips), so the caches are too.
function cached(build: (s: Shape) => SQL) {
  const statements = new Map<string, Statement>();
  return (q: EventListQuery) => {
    const shape = shapeOf(q);
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (!statement) {
      statement = prepareStatement(build(shape));
      statements.set(key, statement);
    }
    return { statement, values: valuesOf(q) };
  };
}

export const listStatement = cached(pageSql);
export const countStatement = cached((s) => countSql({ ...s, afterDistance: false, afterStart: false }));
