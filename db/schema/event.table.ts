import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { eventMode, seriesFrequency, skillLevel, venueType, voiceChat } from './enums.ts';
import { cube } from './types.ts';
import { users } from './user.table.ts';

// The host's rules for approving join requests without them (ADR 045). Every rule set must hold, and
// the content check must say ok; otherwise the request waits for the host as before.
export type AutoApprovalRules = {
  verifiedEmail?: boolean;
  // The requester's average rating as a participant (hosts rate participants, ADR 022), 1 to 5.
  minRating?: number | null;
  // attended / accepted among events whose host recorded attendance, 0 to 100 (ADR 049).
  minReliability?: number | null;
  friendsOnly?: boolean;
  sameCity?: boolean;
};

// A recurring series (ADR 048): weekly or every two weeks, until a date or for a number of
// occurrences. Each occurrence is its own row in `events`; the series is charged 1 token once.
export const eventSeries = pgTable(
  'event_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: seriesFrequency('frequency').notNull(),
    // How many occurrences were created (all of them at creation, at most 12).
    occurrences: integer('occurrences').notNull(),
    // The last day the host asked for (Turkey), when the series was given an end date.
    untilDate: date('until_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('event_series_occurrences', sql`${t.occurrences} between 2 and 12`),
    index('event_series_host_idx').on(t.hostId),
  ],
);

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: eventMode('mode').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    // starts_at + duration, stored so "not yet ended" filters can use an index.
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    maxParticipants: integer('max_participants').notNull().default(4),
    // Accepted participants; kept in step with event_participants in the same transaction.
    participantCount: integer('participant_count').notNull().default(0),
    // Exact place: only the host and accepted participants see these.
    locationName: text('location_name'),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    // What everyone else sees: a place text and the point rounded to about 1 km.
    publicLocation: text('public_location'),
    publicLat: doublePrecision('public_lat'),
    publicLng: doublePrecision('public_lng'),
    // Physical events: what kind of place (ADR 069); null for online events and older events.
    venueType: venueType('venue_type'),
    // ll_to_earth(public_lat, public_lng), stored: distance filters and ordering read it instead of
    // calling the (slow, SQL-level) ll_to_earth per row. A deterministic offset of at most ~11 m from
    // the event id makes every point distinct, so "nearest first" has no ties and the GiST index can
    // serve it directly (KNN) while cursors stay exact. Far below the ~1 km public rounding.
    // public.earth_point is ll_to_earth with schema-qualified calls (migration 0017): earthdistance's
    // own calls cube() and earth() unqualified, which pg_restore's empty search_path cannot find (ADR 051).
    publicEarth: cube('public_earth').generatedAlwaysAs(
      sql`public.earth_point(public_lat + (hashtext(id::text) % 1000000) * 1e-10, public_lng + (hashtext(reverse(id::text)) % 1000000) * 1e-10)`,
    ),
    platform: text('platform'),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    requirements: text('requirements'),
    skillLevel: skillLevel('skill_level'),
    voiceChat: voiceChat('voice_chat'),
    // Online: the genre derived from the game (catalog), stored for the lobby's filter.
    gameType: text('game_type'),
    language: text('language').notNull().default('tr'),
    isDemo: boolean('is_demo').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    // The host is suspended or hidden by the report safeguard until then (9999-12-31: until a
    // moderator acts); discovery leaves the event out meanwhile. Kept by the users trigger of
    // migration 0013 (ADR 039), so the nearest-first index plan needs no join.
    hostHiddenUntil: timestamp('host_hidden_until', { withTimezone: true }),
    // A recurring series' occurrence: which series, and its place in it (1-based).
    seriesId: uuid('series_id').references((): AnyPgColumn => eventSeries.id, { onDelete: 'set null' }),
    seriesIndex: integer('series_index'),
    // Requests meeting these rules are accepted without the host (ADR 045); null: the host decides all.
    autoApproval: jsonb('auto_approval').$type<AutoApprovalRules>(),
    // When the end-of-event rewards (participation, referral, monthly challenge) were settled.
    rewardsSettledAt: timestamp('rewards_settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Turkish-folded text of title, description, tags and public place for trigram search.
    searchText: text('search_text').generatedAlwaysAs(
      sql`event_search_doc(title, description, tags, public_location)`,
    ),
  },
  (t) => [
    check('events_capacity_range', sql`${t.maxParticipants} between 2 and 20`),
    check(
      'events_participants_within_capacity',
      sql`${t.participantCount} between 0 and ${t.maxParticipants}`,
    ),
    check('events_duration_positive', sql`${t.durationMinutes} > 0`),
    check('events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_price_non_negative', sql`${t.price} >= 0`),
    check('events_language', sql`${t.language} in ('tr', 'en')`),
    check(
      'events_physical_has_place',
      sql`${t.mode} <> 'physical' or (${t.lat} is not null and ${t.lng} is not null and ${t.publicLat} is not null and ${t.publicLng} is not null)`,
    ),
    index('events_mode_ends_at_idx').on(t.mode, t.endsAt),
    index('events_starts_at_idx').on(t.startsAt, t.id),
    index('events_host_idx').on(t.hostId, t.startsAt),
    index('events_series_idx')
      .on(t.seriesId, t.startsAt)
      .where(sql`${t.seriesId} is not null`),
    // Distance search: earthdistance on the public point (what lists and the map use).
    index('events_public_earth_idx').using('gist', t.publicEarth),
    index('events_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type EventSeriesRow = typeof eventSeries.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
