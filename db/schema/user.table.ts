import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userRole } from './enums.ts';
import { citext } from './types.ts';

export type ExactLocation = { lat: number; lng: number; address: string | null };
// Which e-mails a user wants; a missing key means the default (on).
// A payment method kept for auto-refill (the provider's reference; never card numbers).
export type SavedPaymentMethod = {
  provider: 'sandbox' | 'stripe' | 'iyzico';
  customerId: string | null;
  methodId: string;
  brand: string | null;
  last4: string | null;
};
// Reminders and waitlist offers have a switch per channel: in-app, e-mail, web push (ADR 046).
export type NotificationPrefs = Partial<
  Record<
    | 'emailJoinRequests'
    | 'emailDecisions'
    | 'emailMessages'
    | 'emailEventChanges'
    | 'inAppReminders'
    | 'emailReminders'
    | 'pushReminders'
    | 'inAppWaitlist'
    | 'emailWaitlist'
    | 'pushWaitlist',
    boolean
  >
>;
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
    // The username folded the Turkish way (search_norm: İ/I/ı -> i, accents dropped, lower case):
    // "Çağrı" and "cagri" are one name. Its unique index decides concurrent claims.
    usernameKey: text('username_key').generatedAlwaysAs(sql`search_norm(username::text)`),
    // Display name and username folded the same way, for finding events by their host (lobby search;
    // trigram index below).
    searchName: text('search_name').generatedAlwaysAs(
      sql`search_norm(display_name || ' ' || coalesce(username::text, ''))`,
    ),
    fullName: text('full_name'),
    bio: text('bio'),
    // An external picture URL (demo data); an uploaded picture is avatarKey instead.
    avatarUrl: text('avatar_url'),
    // Storage key prefix of the processed picture ("avatars/<user>/<upload>"), and the upload's
    // creation time: a late completion of an older upload never replaces a newer picture.
    avatarKey: text('avatar_key'),
    avatarSetAt: timestamp('avatar_set_at', { withTimezone: true }),
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
    notificationPrefs: jsonb('notification_prefs').$type<NotificationPrefs>().notNull().default({}),
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
    // The personal referral code (ADR 034); whoever signs up with it is referred by this user.
    referralCode: text('referral_code')
      .notNull()
      .unique()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))`),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    referredAt: timestamp('referred_at', { withTimezone: true }),
    // Auto-refill: buy this package off-session when a spend takes the balance under the threshold.
    autoRefillEnabled: integer('auto_refill_enabled').notNull().default(0),
    autoRefillThreshold: integer('auto_refill_threshold').notNull().default(5),
    autoRefillPackage: text('auto_refill_package').notNull().default('starter'),
    autoRefillAttemptedAt: timestamp('auto_refill_attempted_at', { withTimezone: true }),
    paymentMethod: jsonb('payment_method').$type<SavedPaymentMethod>(),
    // Set when the user deleted the account: the row stays (past events, ratings) but is emptied.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // A moderator's suspension: since when, until when (null: for good), and why (shown to the user).
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    // Reported by several people in a short time: the user's events leave discovery until a
    // moderator reviews the reports (ADR 039).
    hiddenFromDiscoveryAt: timestamp('hidden_from_discovery_at', { withTimezone: true }),
    // Repeated blocked join messages: no join requests until then.
    joinRequestsPausedUntil: timestamp('join_requests_paused_until', { withTimezone: true }),
    // The secret of the personal calendar feed's URL (ADR 047); replaced when the user revokes it.
    calendarToken: text('calendar_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    check('users_token_balance_non_negative', sql`${t.tokenBalance} >= 0`),
    check('users_locale_known', sql`${t.locale} in ('tr', 'en')`),
    check('users_auto_refill_threshold', sql`${t.autoRefillThreshold} >= 1`),
    index('users_last_seen_idx').on(t.lastSeenAt),
    uniqueIndex('users_username_key_idx').on(t.usernameKey),
    index('users_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
