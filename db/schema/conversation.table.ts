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
import { conversationKind, friendshipStatus } from './enums.ts';
import { events } from './event.table.ts';
import { users } from './user.table.ts';

// A conversation (ADR 042): an event thread between the host and one requester or participant, a
// direct conversation between two users, or an event's group chat (host and accepted participants).
// Who may read and write is conversation_members.
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: conversationKind('kind').notNull().default('event_thread'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    // Event threads: the event's host and the other side.
    hostId: uuid('host_id').references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // Direct conversations: "<smaller id>:<larger id>", one per pair.
    directKey: text('direct_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_event_user_unique')
      .on(t.eventId, t.userId)
      .where(sql`${t.kind} = 'event_thread'`),
    uniqueIndex('conversations_event_group_unique')
      .on(t.eventId)
      .where(sql`${t.kind} = 'event_group'`),
    uniqueIndex('conversations_direct_unique')
      .on(t.directKey)
      .where(sql`${t.kind} = 'direct'`),
    index('conversations_host_idx').on(t.hostId),
    index('conversations_user_idx').on(t.userId),
  ],
);

// Who belongs to a conversation: active while left_at is null. A member who left (or was removed by
// the host) keeps the history up to then and sees nothing newer.
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    // Read up to here (read receipts, unread counts).
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    // The last "new messages" e-mail about this conversation (at most one an hour).
    lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    // A moderator (or the sender, or a group's host) removed it: the text is no longer shown.
    removedAt: timestamp('removed_at', { withTimezone: true }),
    // The content check asked for a human look (review): others see a warning until they choose to
    // read it or a moderator keeps it (ADR 042).
    held: boolean('held').notNull().default(false),
    // Pinned by the group's host (the meeting point, a Discord link).
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
  },
  (t) => [
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
  ],
);

// Members who chose to read a held message despite the warning.
export const messageReveals = pgTable(
  'message_reveals',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

// Friends (ADR 042): one row per pair, the smaller id first; pending until the other side accepts.
// Declining, cancelling and removing delete the row.
export const friendships = pgTable(
  'friendships',
  {
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: friendshipStatus('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    check('friendships_ordered', sql`${t.userLow} < ${t.userHigh}`),
    index('friendships_high_idx').on(t.userHigh),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationMemberRow = typeof conversationMembers.$inferSelect;
export type FriendshipRow = typeof friendships.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
