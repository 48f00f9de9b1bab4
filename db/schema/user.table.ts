import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { userRole } from './enums.ts';
import { citext } from './types.ts';

export type ExactLocation = { lat: number; lng: number; address: string | null };
export type IpLocation = { lat: number; lng: number; country: string | null; city: string | null };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The identity provider's subject (Cognito `sub`): the link between a token and this row.
    sub: text('sub').notNull().unique(),
    email: citext('email').unique(),
    emailVerified: integer('email_verified').notNull().default(0),
    displayName: text('display_name').notNull(),
    username: citext('username').unique(),
    fullName: text('full_name'),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    city: text('city'),
    district: text('district'),
    homeLat: doublePrecision('home_lat'),
    homeLng: doublePrecision('home_lng'),
    exactLocation: jsonb('exact_location').$type<ExactLocation>(),
    lastIpLocation: jsonb('last_ip_location').$type<IpLocation>(),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locale: text('locale').notNull().default('tr'),
    role: userRole('role').notNull().default('user'),
    // Cached sum of token_ledger.delta; only changed in the transaction that writes the ledger entry.
    tokenBalance: integer('token_balance').notNull().default(0),
    // The host's active (not cancelled) events and their participants, kept by the database trigger
    // events_host_counters (migration 0008): profile cards read them on every list.
    hostedEvents: integer('hosted_events').notNull().default(0),
    hostedParticipants: integer('hosted_participants').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    check('users_token_balance_non_negative', sql`${t.tokenBalance} >= 0`),
    check('users_locale_known', sql`${t.locale} in ('tr', 'en')`),
    index('users_last_seen_idx').on(t.lastSeenAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
