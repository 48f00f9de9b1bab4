import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tokenLedgerReason } from './enums.ts';
import { events } from './event.table.ts';
import { users } from './user.table.ts';

// Append-only: rows are never updated or deleted by the application.
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: tokenLedgerReason('reason').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    // A retry or a replayed webhook carries the same key and is not counted twice.
    idempotencyKey: text('idempotency_key').notNull().unique(),
    note: text('note'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The order entries were applied in. created_at is the transaction's start, shared by entries of
    // one transaction and out of order between transactions that waited for each other's lock.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    check('token_ledger_delta_non_zero', sql`${t.delta} <> 0`),
    check('token_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    index('token_ledger_user_seq_idx').on(t.userId, t.seq),
  ],
);

export type TokenLedgerRow = typeof tokenLedger.$inferSelect;
