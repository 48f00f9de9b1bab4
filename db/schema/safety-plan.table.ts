import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './event.table.ts';
import { users } from './user.table.ts';

// The safety kit (issue 30, ADR 068). A trusted contact is an e-mail address, not an account; it
// receives nothing until it confirmed through the link's token.
export const trustedContacts = pgTable(
  'trusted_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    // The confirmation link's secret (random, 32 bytes base64url).
    confirmToken: text('confirm_token').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trusted_contacts_user_email_idx').on(t.userId, t.email),
    uniqueIndex('trusted_contacts_token_idx').on(t.confirmToken),
  ],
);

// A plan shared with chosen contacts for one event, and its "Evdeyim" check. The page token opens
// the public plan page; the row (and with it the last position) goes with the plan, the account or
// the event.
export const safetyPlans = pgTable(
  'safety_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    pageToken: text('page_token').notNull(),
    shareExactPlace: boolean('share_exact_place').notNull().default(false),
    expectedHomeAt: timestamp('expected_home_at', { withTimezone: true }).notNull(),
    // The page answers "expired" from then on (a day after the event's end).
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // 'Eve vardın mı?' asked (claimed once across replicas); reset by an extension.
    askedAt: timestamp('asked_at', { withTimezone: true }),
    // 'Evdeyim' tapped.
    homeAt: timestamp('home_at', { withTimezone: true }),
    // The user ended the check without 'Evdeyim'.
    checkEndedAt: timestamp('check_ended_at', { withTimezone: true }),
    // The contacts were alerted (claimed once across replicas, never reset).
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    // The last position the user shared with a tap ('Konumumu paylaş'), shown to the contacts.
    lastLat: doublePrecision('last_lat'),
    lastLng: doublePrecision('last_lng'),
    lastPositionAt: timestamp('last_position_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('safety_plans_user_event_idx').on(t.userId, t.eventId),
    uniqueIndex('safety_plans_token_idx').on(t.pageToken),
    // The check's sweep: open checks by expected time.
    index('safety_plans_open_check_idx')
      .on(t.expectedHomeAt)
      .where(sql`${t.homeAt} is null and ${t.checkEndedAt} is null and ${t.alertedAt} is null`),
  ],
);

// Which contacts a plan was shared with (a removed contact leaves every plan at once).
export const safetyPlanContacts = pgTable(
  'safety_plan_contacts',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => safetyPlans.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => trustedContacts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.contactId] }),
    index('safety_plan_contacts_contact_idx').on(t.contactId),
  ],
);

export type TrustedContactRow = typeof trustedContacts.$inferSelect;
export type SafetyPlanRow = typeof safetyPlans.$inferSelect;
