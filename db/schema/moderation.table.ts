import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appealStatus, checkVerdict, contentFlagStatus, moderationActionKind } from './enums.ts';
import { events } from './event.table.ts';
import { reports } from './social.table.ts';
import { users } from './user.table.ts';

// User text the content check flagged (`review`) when it was published or sent, waiting for a
// moderator; `kind` says where it lives (event_title, bio, chat_message …), `subjectId` which row.
export const contentFlags = pgTable(
  'content_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    // The row the text belongs to (an event, a join request, a rating, a message); null for the
    // author's own profile fields.
    subjectId: uuid('subject_id'),
    // What was written, as it was when checked (the row may change afterwards).
    text: text('text').notNull(),
    verdict: checkVerdict('verdict').notNull(),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    engine: text('engine').notNull().default('rules'),
    status: contentFlagStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('content_flags_status_idx').on(t.status, t.createdAt),
    index('content_flags_author_idx').on(t.authorId, t.createdAt),
  ],
);

// The audit log: every moderator action and automatic safeguard, with who (null: automatic) and why.
// Append-only; an appeal's outcome is a new row.
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    action: moderationActionKind('action').notNull(),
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    flagId: uuid('flag_id').references(() => contentFlags.id, { onDelete: 'set null' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    // The action an appeal decision answers.
    appealOf: uuid('appeal_of'),
    reason: text('reason').notNull(),
    // A suspension's end (null with `suspend`: for good); a join pause's end.
    until: timestamp('until', { withTimezone: true }),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_target_idx').on(t.targetUserId, t.createdAt),
    index('moderation_actions_created_idx').on(t.createdAt),
  ],
);

// One appeal per action, by the user it concerned.
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => moderationActions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: appealStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
  },
  (t) => [
    uniqueIndex('moderation_appeals_once').on(t.actionId),
    index('moderation_appeals_status_idx').on(t.status, t.createdAt),
  ],
);

export type ContentFlagRow = typeof contentFlags.$inferSelect;
export type ModerationActionRow = typeof moderationActions.$inferSelect;
export type ModerationAppealRow = typeof moderationAppeals.$inferSelect;
