import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { eventMode } from './enums.ts';
import { users } from './user.table.ts';

// What the wizard had when the host saved it for later (ADR 037): not an event (nothing is listed,
// nothing is charged), only the host's. Publishing validates it as a new event and deletes it in the
// creation's transaction.
export type EventDraftValues = Record<string, unknown>;

export const eventDrafts = pgTable(
  'event_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: eventMode('mode').notNull(),
    // The createEvent input as far as it was filled (any field may be missing or not yet valid).
    values: jsonb('values')
      .$type<EventDraftValues>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // The wizard step the host was on, to resume there.
    step: integer('step').notNull().default(2),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('event_drafts_step', sql`${t.step} between 1 and 6`),
    index('event_drafts_host_idx').on(t.hostId, t.updatedAt),
  ],
);

export type EventDraftRow = typeof eventDrafts.$inferSelect;
