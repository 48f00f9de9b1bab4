import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { checkVerdict, joinRequestStatus } from './enums.ts';
import { events } from './event.table.ts';
import { users } from './user.table.ts';

export const joinRequests = pgTable(
  'join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: joinRequestStatus('status').notNull().default('pending'),
    checkVerdict: checkVerdict('check_verdict').notNull().default('ok'),
    // Reason codes of the automatic check (translated when shown).
    checkReasons: text('check_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    checkEngine: text('check_engine').notNull().default('rules'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('join_requests_message_length', sql`char_length(${t.message}) <= 500`),
    // At most one active (pending or accepted) request per user and event.
    uniqueIndex('join_requests_active_unique')
      .on(t.eventId, t.userId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index('join_requests_event_status_idx').on(t.eventId, t.status),
    index('join_requests_user_idx').on(t.userId, t.createdAt),
  ],
);

export const eventParticipants = pgTable(
  'event_participants',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinRequestId: uuid('join_request_id').references(() => joinRequests.id, {
      onDelete: 'set null',
    }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_participants_user_idx').on(t.userId)],
);

export type JoinRequestRow = typeof joinRequests.$inferSelect;
export type ParticipantRow = typeof eventParticipants.$inferSelect;
