import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    // What caused it, for the history: { kind: 'participation' | 'five_star' | 'referral' |
    // 'challenge', eventId?, month?, referredUserId?, purchaseId?, lotId? }.
    detail: jsonb('detail').$type<Record<string, unknown>>(),
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

// Tokens in lots (ADR 034): each credit is a lot with its own expiry (purchased tokens expire after
// their package's days; the sign-up grant and earned tokens never do). A spend takes from the lot
// that expires first; the sum of the live lots' `remaining` is the cached balance.
export const tokenLots = pgTable(
  'token_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    purchaseId: uuid('purchase_id').references(() => tokenPurchases.id, { onDelete: 'set null' }),
    // The ledger entry that created it.
    ledgerId: uuid('ledger_id').references(() => tokenLedger.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('token_lots_amount_positive', sql`${t.amount} > 0`),
    check('token_lots_remaining_range', sql`${t.remaining} between 0 and ${t.amount}`),
    index('token_lots_user_live_idx')
      .on(t.userId, t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    index('token_lots_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0 and ${t.expiresAt} is not null`),
  ],
);

// Which lots a spend took from, so a refund puts the tokens back where they came from.
export const tokenLotSpends = pgTable(
  'token_lot_spends',
  {
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => tokenLedger.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => tokenLots.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ledgerId, t.lotId] }),
    check('token_lot_spends_positive', sql`${t.amount} > 0`),
  ],
);

// A package bought through a payment provider (ADR 034). Credited once, in the transaction that
// marks it paid; the provider's payment id is unique.
export const tokenPurchases = pgTable(
  'token_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: text('package_id').notNull(),
    tokens: integer('tokens').notNull(),
    bonusTokens: integer('bonus_tokens').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    providerPaymentId: text('provider_payment_id').unique(),
    checkoutUrl: text('checkout_url'),
    status: text('status').notNull().default('pending'),
    method: text('method'),
    autoRefill: boolean('auto_refill').notNull().default(false),
    saveMethod: boolean('save_method').notNull().default(false),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedTokens: integer('refunded_tokens'),
    refundedCents: integer('refunded_cents'),
  },
  (t) => [
    check('token_purchases_status', sql`${t.status} in ('pending', 'paid', 'failed', 'refunded', 'expired')`),
    check('token_purchases_amount_positive', sql`${t.amountCents} > 0`),
    index('token_purchases_user_idx').on(t.userId, t.createdAt),
    index('token_purchases_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('token_purchases_provider_ref_idx').on(t.provider, t.providerRef),
  ],
);

// Every provider notification seen once (provider, event id): a replay is recognised and ignored.
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    purchaseId: uuid('purchase_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type TokenLotRow = typeof tokenLots.$inferSelect;
export type TokenPurchaseRow = typeof tokenPurchases.$inferSelect;
