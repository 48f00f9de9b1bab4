import { sql } from 'drizzle-orm';
import {
  check,
  date,
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

// Unique viewers of an event's details page per day (Turkey's calendar day); hosts are not counted.
export const eventViews = pgTable(
  'event_views',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.viewerId] })],
);

// Saves ("likes").
export const eventSaves = pgTable(
  'event_saves',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_saves_user_idx').on(t.userId)],
);

// Shares through the share dialog: one per user, channel and Turkish day (a second click on the
// same button the same day is the same share).
export const eventShares = pgTable(
  'event_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    day: date('day')
      .notNull()
      .default(sql`(now() at time zone 'Europe/Istanbul')::date`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('event_shares_channel', sql`${t.channel} in ('copy_link', 'twitter', 'whatsapp', 'discord')`),
    index('event_shares_event_idx').on(t.eventId),
    uniqueIndex('event_shares_once_a_day_idx').on(t.eventId, t.userId, t.channel, t.day),
  ],
);
