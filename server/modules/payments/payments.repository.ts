import { and, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  paymentEvents,
  tokenPurchases,
  users,
  type SavedPaymentMethod,
  type TokenPurchaseRow,
  type UserRow,
} from '#db/schema/index.ts';
import { olderThan } from '#server/lib/keyset.ts';

export function createPaymentsRepository(db: DbOrTx) {
  return {
    async insertPurchase(
      values: typeof tokenPurchases.$inferInsert,
      tx: DbOrTx = db,
    ): Promise<TokenPurchaseRow> {
      const [row] = await tx.insert(tokenPurchases).values(values).returning();
      return row;
    },

    async setCheckout(id: string, providerRef: string, checkoutUrl: string) {
      await db.update(tokenPurchases).set({ providerRef, checkoutUrl }).where(eq(tokenPurchases.id, id));
    },

    async byId(id: string, tx: DbOrTx = db): Promise<TokenPurchaseRow | undefined> {
      const [row] = await tx.select().from(tokenPurchases).where(eq(tokenPurchases.id, id));
      return row;
    },

    async byProviderRef(provider: string, providerRef: string): Promise<TokenPurchaseRow | undefined> {
      const [row] = await db
        .select()
        .from(tokenPurchases)
        .where(and(eq(tokenPurchases.provider, provider), eq(tokenPurchases.providerRef, providerRef)));
      return row;
    },

    async lock(tx: DbOrTx, id: string): Promise<TokenPurchaseRow | undefined> {
      const [row] = await tx.select().from(tokenPurchases).where(eq(tokenPurchases.id, id)).for('update');
      return row;
    },

    async update(tx: DbOrTx, id: string, values: Partial<typeof tokenPurchases.$inferInsert>) {
      const [row] = await tx.update(tokenPurchases).set(values).where(eq(tokenPurchases.id, id)).returning();
      return row;
    },

    // Records a provider notification; false when it was seen before (a replay).
    async recordEvent(
      tx: DbOrTx,
      values: { provider: string; eventId: string; purchaseId: string | null; outcome: string },
    ): Promise<boolean> {
      const rows = await tx
        .insert(paymentEvents)
        .values(values)
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      return rows.length === 1;
    },

    async page(userId: string, limit: number, after?: { c: string; id: string }) {
      const conds = [eq(tokenPurchases.userId, userId)];
      if (after) conds.push(olderThan(tokenPurchases.createdAt, tokenPurchases.id, after));
      return db
        .select()
        .from(tokenPurchases)
        .where(and(...conds))
        .orderBy(desc(tokenPurchases.createdAt), desc(tokenPurchases.id))
        .limit(limit);
    },

    async pendingSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tokenPurchases)
        .where(and(eq(tokenPurchases.userId, userId), gte(tokenPurchases.createdAt, since)));
      return row?.n ?? 0;
    },

    // Pending purchases whose checkout has run out.
    async stale(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: tokenPurchases.id })
        .from(tokenPurchases)
        .where(and(eq(tokenPurchases.status, 'pending'), lte(tokenPurchases.expiresAt, before)))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async lockUser(tx: DbOrTx, userId: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
      return row;
    },

    async userById(userId: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, userId));
      return row;
    },

    async setAutoRefill(
      tx: DbOrTx,
      userId: string,
      values: Partial<
        Pick<
          UserRow,
          'autoRefillEnabled' | 'autoRefillThreshold' | 'autoRefillPackage' | 'autoRefillAttemptedAt'
        >
      > & { paymentMethod?: SavedPaymentMethod | null },
    ): Promise<UserRow> {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    // Users whose balance is under their auto-refill threshold and who were not tried since `since`.
    async dueForRefill(since: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.autoRefillEnabled, 1),
            isNull(users.deletedAt),
            lt(users.tokenBalance, users.autoRefillThreshold),
            or(isNull(users.autoRefillAttemptedAt), lt(users.autoRefillAttemptedAt, since)),
          ),
        )
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
