import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { tokenLedger, users, type TokenLedgerRow } from '#db/schema/index.ts';

export type LedgerReason = TokenLedgerRow['reason'];

// One change of a user's balance: `idempotencyKey` makes a repeat a no-op.
export type LedgerEntry = {
  userId: string;
  delta: number;
  reason: LedgerReason;
  idempotencyKey: string;
  eventId?: string | null;
  note?: string | null;
  expiresAt?: Date | null;
};

export class InsufficientBalance extends Error {}
export class DuplicateLedgerEntry extends Error {}

export function createTokensRepository(db: DbOrTx) {
  return {
    // Changes the cached balance and appends the ledger entry in the caller's transaction. The
    // conditional UPDATE takes the user row's lock, so concurrent charges queue and re-check the
    // balance; CHECK (token_balance >= 0) is the last line of defence.
    async applyDelta(tx: DbOrTx, entry: LedgerEntry): Promise<TokenLedgerRow> {
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
          expiresAt: entry.expiresAt ?? null,
        })
        .onConflictDoNothing({ target: tokenLedger.idempotencyKey })
        .returning();
      // Already applied once: throwing rolls the balance change back with the transaction.
      if (!row) throw new DuplicateLedgerEntry(entry.idempotencyKey);
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
