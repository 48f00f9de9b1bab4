import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  tokenLedger,
  tokenLots,
  tokenLotSpends,
  users,
  type TokenLedgerRow,
  type TokenLotRow,
} from '#db/schema/index.ts';

export type LedgerReason = TokenLedgerRow['reason'];
export type LotSource = 'signup' | 'purchase' | 'earned' | 'referral' | 'refund' | 'adjustment' | 'legacy';

// One change of a user's balance: `idempotencyKey` makes a repeat a no-op.
export type LedgerEntry = {
  userId: string;
  delta: number;
  reason: LedgerReason;
  idempotencyKey: string;
  eventId?: string | null;
  note?: string | null;
  detail?: Record<string, unknown> | null;
  expiresAt?: Date | null;
};

export class InsufficientBalance extends Error {}
export class DuplicateLedgerEntry extends Error {}

// The balance lives in lots (ADR 034): credits add a lot, spends take from the live lots that
// expire first, expiry empties a lot. Every change also appends to the ledger and moves the cached
// balance, in the caller's transaction.
export function createTokensRepository(db: DbOrTx) {
  // Moves the cached balance and appends the ledger entry. The conditional UPDATE takes the user
  // row's lock, so concurrent changes queue and re-check; CHECK (token_balance >= 0) is the last
  // line of defence.
  async function appendLedger(tx: DbOrTx, entry: LedgerEntry): Promise<TokenLedgerRow> {
    const [updated] = await tx
      .update(users)
      .set({ tokenBalance: sql`${users.tokenBalance} + ${entry.delta}`, updatedAt: sql`now()` })
      .where(and(eq(users.id, entry.userId), sql`${users.tokenBalance} + ${entry.delta} >= 0`))
      .returning({ balance: users.tokenBalance });
    if (!updated) throw new InsufficientBalance();
    const [row] = await tx
      .insert(tokenLedger)
      .values({
        userId: entry.userId,
        delta: entry.delta,
        reason: entry.reason,
        balanceAfter: updated.balance,
        idempotencyKey: entry.idempotencyKey,
        eventId: entry.eventId ?? null,
        note: entry.note ?? null,
        detail: entry.detail ?? null,
        expiresAt: entry.expiresAt ?? null,
      })
      .onConflictDoNothing({ target: tokenLedger.idempotencyKey })
      .returning();
    // Already applied once: throwing rolls the balance change back with the transaction.
    if (!row) throw new DuplicateLedgerEntry(entry.idempotencyKey);
    return row;
  }

  // Empties one lot whose time has come: an EXPIRED entry for what was left. Null when there was
  // nothing to expire (already expired, spent, or not due).
  async function expireLot(tx: DbOrTx, lotId: string, now: Date): Promise<TokenLedgerRow | null> {
    const [lot] = await tx.select().from(tokenLots).where(eq(tokenLots.id, lotId)).for('update');
    if (!lot || lot.remaining === 0 || !lot.expiresAt || lot.expiresAt > now) return null;
    await tx.update(tokenLots).set({ remaining: 0 }).where(eq(tokenLots.id, lot.id));
    return appendLedger(tx, {
      userId: lot.userId,
      delta: -lot.remaining,
      reason: 'expired',
      idempotencyKey: `lot:expire:${lot.id}`,
      detail: { lotId: lot.id, purchaseId: lot.purchaseId, source: lot.source },
      expiresAt: lot.expiresAt,
    });
  }

  return {
    // A credit: a new lot, expiring at `expiresAt` (null: never).
    async credit(
      tx: DbOrTx,
      entry: LedgerEntry & { source: LotSource; purchaseId?: string | null },
    ): Promise<TokenLedgerRow> {
      if (entry.delta <= 0) throw new Error('a credit adds tokens');
      const row = await appendLedger(tx, entry);
      await tx.insert(tokenLots).values({
        userId: entry.userId,
        source: entry.source,
        amount: entry.delta,
        remaining: entry.delta,
        expiresAt: entry.expiresAt ?? null,
        purchaseId: entry.purchaseId ?? null,
        ledgerId: row.id,
      });
      return row;
    },

    // A spend: first the user's lots that are due expire (their tokens are not spendable), then the
    // amount is taken from the live lots that expire first (never-expiring last).
    async debit(
      tx: DbOrTx,
      entry: LedgerEntry,
      now: Date,
    ): Promise<{ entry: TokenLedgerRow; expired: TokenLedgerRow[] }> {
      const amount = -entry.delta;
      if (amount <= 0) throw new Error('a debit takes tokens');
      const due = await tx
        .select({ id: tokenLots.id })
        .from(tokenLots)
        .where(
          and(
            eq(tokenLots.userId, entry.userId),
            gt(tokenLots.remaining, 0),
            isNotNull(tokenLots.expiresAt),
            lte(tokenLots.expiresAt, now),
          ),
        );
      const expired: TokenLedgerRow[] = [];
      for (const lot of due) {
        const row = await expireLot(tx, lot.id, now);
        if (row) expired.push(row);
      }
      const row = await appendLedger(tx, entry);
      const live = await tx
        .select()
        .from(tokenLots)
        .where(
          and(
            eq(tokenLots.userId, entry.userId),
            gt(tokenLots.remaining, 0),
            or(isNull(tokenLots.expiresAt), gt(tokenLots.expiresAt, now)),
          ),
        )
        .orderBy(sql`${tokenLots.expiresAt} asc nulls last`, asc(tokenLots.createdAt))
        .for('update');
      let left = amount;
      for (const lot of live) {
        if (left === 0) break;
        const take = Math.min(left, lot.remaining);
        await tx
          .update(tokenLots)
          .set({ remaining: lot.remaining - take })
          .where(eq(tokenLots.id, lot.id));
        await tx.insert(tokenLotSpends).values({ ledgerId: row.id, lotId: lot.id, amount: take });
        left -= take;
      }
      // The cached balance allowed it, so the lots must hold it; anything else is a broken invariant.
      if (left > 0) throw new Error(`lots of ${entry.userId} hold less than the balance`);
      return { entry: row, expired };
    },

    // Gives a spend back: into the lots it came from while they live, the rest into a lot that
    // never expires (their own time ran out while the tokens were away).
    async restore(tx: DbOrTx, spendKey: string, entry: LedgerEntry, now: Date): Promise<TokenLedgerRow> {
      const [spend] = await tx.select().from(tokenLedger).where(eq(tokenLedger.idempotencyKey, spendKey));
      if (!spend) throw new Error(`no spend ${spendKey} to give back`);
      const row = await appendLedger(tx, { ...entry, delta: -spend.delta });
      const parts = await tx
        .select({ lot: tokenLots, amount: tokenLotSpends.amount })
        .from(tokenLotSpends)
        .innerJoin(tokenLots, eq(tokenLots.id, tokenLotSpends.lotId))
        .where(eq(tokenLotSpends.ledgerId, spend.id))
        .for('update', { of: tokenLots });
      let elsewhere = -spend.delta;
      for (const { lot, amount } of parts) {
        if (lot.expiresAt && lot.expiresAt <= now) continue;
        await tx
          .update(tokenLots)
          .set({ remaining: lot.remaining + amount })
          .where(eq(tokenLots.id, lot.id));
        elsewhere -= amount;
      }
      if (elsewhere > 0)
        await tx.insert(tokenLots).values({
          userId: entry.userId,
          source: 'refund',
          amount: elsewhere,
          remaining: elsewhere,
          ledgerId: row.id,
        });
      return row;
    },

    expireLot,

    // Lots whose time has come and that still hold tokens, oldest first.
    async dueLots(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: tokenLots.id })
        .from(tokenLots)
        .where(and(gt(tokenLots.remaining, 0), isNotNull(tokenLots.expiresAt), lte(tokenLots.expiresAt, now)))
        .orderBy(asc(tokenLots.expiresAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    // What a purchase's lot still holds, locked (taking tokens back on a refund).
    async purchaseLot(tx: DbOrTx, purchaseId: string): Promise<TokenLotRow | undefined> {
      const [lot] = await tx
        .select()
        .from(tokenLots)
        .where(eq(tokenLots.purchaseId, purchaseId))
        .for('update');
      return lot;
    },

    async takeFromLot(tx: DbOrTx, lot: TokenLotRow, entry: LedgerEntry): Promise<TokenLedgerRow | null> {
      if (lot.remaining === 0) return null;
      await tx.update(tokenLots).set({ remaining: 0 }).where(eq(tokenLots.id, lot.id));
      return appendLedger(tx, { ...entry, delta: -lot.remaining });
    },

    // The user's lots that still hold tokens and will expire, soonest first ("what expires when").
    async expiringLots(userId: string, now: Date): Promise<TokenLotRow[]> {
      return db
        .select()
        .from(tokenLots)
        .where(
          and(
            eq(tokenLots.userId, userId),
            gt(tokenLots.remaining, 0),
            isNotNull(tokenLots.expiresAt),
            gt(tokenLots.expiresAt, now),
          ),
        )
        .orderBy(asc(tokenLots.expiresAt));
    },

    async entryByKey(tx: DbOrTx, key: string): Promise<TokenLedgerRow | undefined> {
      const [row] = await tx.select().from(tokenLedger).where(eq(tokenLedger.idempotencyKey, key)).limit(1);
      return row;
    },

    async findEntry(userId: string, entryId: string): Promise<TokenLedgerRow | undefined> {
      const [row] = await db
        .select()
        .from(tokenLedger)
        .where(and(eq(tokenLedger.id, entryId), eq(tokenLedger.userId, userId)))
        .limit(1);
      return row;
    },

    // Newest first by the ledger's sequence (the order the balance changed in).
    async page(userId: string, limit: number, afterSeq?: number): Promise<TokenLedgerRow[]> {
      const cond =
        afterSeq === undefined
          ? eq(tokenLedger.userId, userId)
          : and(eq(tokenLedger.userId, userId), lt(tokenLedger.seq, afterSeq));
      return db.select().from(tokenLedger).where(cond).orderBy(desc(tokenLedger.seq)).limit(limit);
    },

    async balanceOf(userId: string): Promise<number> {
      const [row] = await db.select({ balance: users.tokenBalance }).from(users).where(eq(users.id, userId));
      return row?.balance ?? 0;
    },
  };
}
