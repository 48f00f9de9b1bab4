import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './event.table.ts';
import { users } from './user.table.ts';

// A browser's Web Push subscription (ADR 046): one per device, found by its endpoint. An endpoint the
// push service answers 404 or 410 for is deleted.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    // The browser's P-256 public key and auth secret (base64url), for the payload's encryption.
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

// A reminder claimed for one person and event (ADR 046): the primary key lets exactly one sweep, on
// any replica, send it.
export const remindersSent = pgTable(
  'reminders_sent',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId, t.kind] }),
    check('reminders_sent_kind', sql`${t.kind} in ('24h', '1h')`),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
