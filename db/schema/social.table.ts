import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { reportReason, reportStatus, reportSubject } from './enums.ts';
import { events } from './event.table.ts';
import { users } from './user.table.ts';

export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: uuid('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    feedback: text('feedback'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ratings_score_range', sql`${t.score} between 1 and 5`),
    check('ratings_not_self', sql`${t.raterId} <> ${t.rateeId}`),
    uniqueIndex('ratings_once_per_event').on(t.eventId, t.raterId, t.rateeId),
    index('ratings_ratee_idx').on(t.rateeId),
  ],
);

export const badges = pgTable('badges', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  icon: text('icon').notNull(),
});

export const userBadges = pgTable(
  'user_badges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: text('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badgeId] })],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    reason: reportReason('reason').notNull(),
    message: text('message'),
    // 'Kendimi güvende hissetmedim' after an event (ADR 069): listed first in the console, marked.
    priority: boolean('priority').notNull().default(false),
    // A report about the whole event names its host as the target.
    subject: reportSubject('subject').notNull().default('person'),
    status: reportStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    // Who handled it and what they did (the audit row in moderation_actions); the reporter is told.
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
  },
  (t) => [
    check('reports_not_self', sql`${t.reporterId} <> ${t.targetUserId}`),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetUserId, t.createdAt),
    // A participant files one priority report per event.
    uniqueIndex('reports_priority_once_idx')
      .on(t.reporterId, t.eventId)
      .where(sql`${t.priority}`),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

export type RatingRow = typeof ratings.$inferSelect;
export type BadgeRow = typeof badges.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type BlockRow = typeof blocks.$inferSelect;
