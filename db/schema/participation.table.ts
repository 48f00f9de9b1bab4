import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    // Accepted (or put on the waitlist) by the host's automatic rules, not by the host (ADR 045).
    autoApproved: boolean('auto_approved').notNull().default(false),
    // The requester asked while the event was full: approval puts them on the waitlist.
    waitlist: boolean('waitlist').notNull().default(false),
    // Their place in line: when they were approved onto the waitlist (first in, first offered).
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    // An offered place is theirs to take until then.
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
  },
  (t) => [
    check('join_requests_message_length', sql`char_length(${t.message}) <= 500`),
    // At most one active (pending, accepted or in the waitlist) request per user and event. Through
    // join_request_active() (migration 0016): the waitlist's enum values are added in the same
    // migration, and an enum-to-text cast alone is not immutable enough for an index predicate.
    uniqueIndex('join_requests_active_unique')
      .on(t.eventId, t.userId)
      .where(sql`join_request_active(${t.status})`),
    // The waitlist in order, and offers that run out (the sweep).
    index('join_requests_waitlist_idx')
      .on(t.eventId, t.waitlistedAt)
      .where(sql`${t.waitlistedAt} is not null`),
    index('join_requests_offer_expiry_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.offerExpiresAt} is not null`),
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
    // The host's record after the event (ADR 049): came (true), did not (false), not recorded (null).
    attended: boolean('attended'),
    attendanceRecordedAt: timestamp('attendance_recorded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_participants_user_idx').on(t.userId)],
);

export type JoinRequestRow = typeof joinRequests.$inferSelect;
export type ParticipantRow = typeof eventParticipants.$inferSelect;
