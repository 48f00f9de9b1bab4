import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  idpAccounts,
  idpAuthorizationCodes,
  idpCodes,
  idpOauthRequests,
  idpRefreshTokens,
  users,
  type IdpAccountRow,
} from '#db/schema/index.ts';

export type CodePurpose = 'signup' | 'reset';

export function createIdentityRepository(db: DbOrTx) {
  return {
    async accountByEmail(email: string): Promise<IdpAccountRow | undefined> {
      const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.email, email)).limit(1);
      return row;
    },
    // The language the app's account chose (its users row), once there is one (ADR 057).
    async appLocale(sub: string): Promise<string | undefined> {
      const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.sub, sub)).limit(1);
      return row?.locale;
    },

    async accountBySub(sub: string): Promise<IdpAccountRow | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(sub)) return undefined;
      const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.sub, sub)).limit(1);
      return row;
    },
    async accountByGoogleSub(googleSub: string): Promise<IdpAccountRow | undefined> {
      const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.googleSub, googleSub)).limit(1);
      return row;
    },
    async insertAccount(values: typeof idpAccounts.$inferInsert): Promise<IdpAccountRow | undefined> {
      const [row] = await db.insert(idpAccounts).values(values).onConflictDoNothing().returning();
      return row;
    },
    async updateAccount(sub: string, values: Partial<typeof idpAccounts.$inferInsert>): Promise<void> {
      await db
        .update(idpAccounts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(idpAccounts.sub, sub));
    },
    async deleteAccount(sub: string): Promise<void> {
      // The Squad profile goes with the account (right to erasure); cascades remove its data.
      await db.delete(users).where(eq(users.sub, sub));
      await db.delete(idpAccounts).where(eq(idpAccounts.sub, sub));
    },

    async insertCode(values: {
      sub: string;
      purpose: CodePurpose;
      codeHash: string;
      expiresAt: Date;
    }): Promise<void> {
      // A new code replaces the older ones of the same purpose.
      await db
        .update(idpCodes)
        .set({ consumedAt: sql`now()` })
        .where(
          and(
            eq(idpCodes.sub, values.sub),
            eq(idpCodes.purpose, values.purpose),
            isNull(idpCodes.consumedAt),
          ),
        );
      await db.insert(idpCodes).values(values);
    },
    async latestCode(sub: string, purpose: CodePurpose) {
      const [row] = await db
        .select()
        .from(idpCodes)
        .where(and(eq(idpCodes.sub, sub), eq(idpCodes.purpose, purpose)))
        .orderBy(desc(idpCodes.createdAt))
        .limit(1);
      return row;
    },
    // Counts a wrong guess atomically; returns the new count.
    async failCode(id: string): Promise<number> {
      const [row] = await db
        .update(idpCodes)
        .set({ failedAttempts: sql`${idpCodes.failedAttempts} + 1` })
        .where(eq(idpCodes.id, id))
        .returning({ n: idpCodes.failedAttempts });
      return row?.n ?? 0;
    },
    // Single use: only the first caller gets true.
    async consumeCode(id: string): Promise<boolean> {
      const rows = await db
        .update(idpCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(idpCodes.id, id), isNull(idpCodes.consumedAt)))
        .returning({ id: idpCodes.id });
      return rows.length === 1;
    },

    async insertRefreshToken(values: typeof idpRefreshTokens.$inferInsert) {
      const [row] = await db.insert(idpRefreshTokens).values(values).returning();
      return row;
    },
    async refreshTokenByHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(idpRefreshTokens)
        .where(eq(idpRefreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
    async refreshTokenById(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.id, id)).limit(1);
      return row;
    },
    async revokeRefreshToken(id: string): Promise<void> {
      await db
        .update(idpRefreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(idpRefreshTokens.id, id), isNull(idpRefreshTokens.revokedAt)));
    },
    // Every refresh token of the user, or every one but `exceptId` (a new password keeps the
    // changer's own sign-in).
    async revokeAllRefreshTokens(sub: string, exceptId?: string): Promise<void> {
      const keep =
        exceptId && /^[0-9a-f-]{36}$/i.test(exceptId) ? ne(idpRefreshTokens.id, exceptId) : undefined;
      await db
        .update(idpRefreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(idpRefreshTokens.sub, sub), isNull(idpRefreshTokens.revokedAt), keep));
    },

    async insertOauthRequest(values: typeof idpOauthRequests.$inferInsert): Promise<void> {
      await db.insert(idpOauthRequests).values(values);
    },
    // Takes (and deletes) a pending upstream transaction; expired ones count as absent.
    async takeOauthRequest(upstreamState: string, now: Date) {
      const [row] = await db
        .delete(idpOauthRequests)
        .where(eq(idpOauthRequests.upstreamState, upstreamState))
        .returning();
      return row && row.expiresAt > now ? row : undefined;
    },
    async insertAuthorizationCode(values: typeof idpAuthorizationCodes.$inferInsert): Promise<void> {
      await db.insert(idpAuthorizationCodes).values(values);
    },
    async consumeAuthorizationCode(codeHash: string, now: Date) {
      const [row] = await db
        .update(idpAuthorizationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(idpAuthorizationCodes.codeHash, codeHash),
            isNull(idpAuthorizationCodes.consumedAt),
            gt(idpAuthorizationCodes.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
    async purgeExpired(now: Date): Promise<void> {
      await db.delete(idpOauthRequests).where(lt(idpOauthRequests.expiresAt, now));
      await db.delete(idpAuthorizationCodes).where(lt(idpAuthorizationCodes.expiresAt, now));
    },
  };
}
