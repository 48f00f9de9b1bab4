import type { Tx } from '#db/client.ts';
import type { TokenLedgerRow, TokenPurchaseRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { AppError, ErrorCode } from '#server/errors/app-error.ts';
import { decodeCursor, pageOf, pageSize } from '#server/lib/paging.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import { channels, type TokenBalanceMessage } from '#server/pubsub/channels.ts';
import type { Subscription } from '#server/pubsub/pubsub.ts';
import { EVENT_CREATION_COST, packageById, SIGNUP_GRANT_TOKENS, TOKEN_PACKAGES } from './tokens.packages.ts';
import { createTokensRepository, DuplicateLedgerEntry, InsufficientBalance } from './tokens.repository.ts';

const DAY_MS = 86_400_000;
// How many lots one expiry sweep handles; the next run takes the rest.
const EXPIRY_BATCH = 500;

// Called in the transaction of every spend, with the balance after it (auto-refill listens).
export type SpendHook = (
  tx: Tx,
  afterCommit: AfterCommit,
  userId: string,
  balanceAfter: number,
) => Promise<void>;

export type EarnKind = 'participation' | 'five_star' | 'referral' | 'challenge';

export function createTokensService(deps: Deps) {
  const repo = createTokensRepository(deps.db);
  const spendHooks: SpendHook[] = [];

  function announce(afterCommit: AfterCommit, row: TokenLedgerRow) {
    afterCommit(() =>
      deps.pubsub.publish(channels.tokenBalance(row.userId), {
        userId: row.userId,
        balance: row.balanceAfter,
        entryId: row.id,
      } satisfies TokenBalanceMessage),
    );
  }

  // Runs `work` in a savepoint: a repeat (its idempotency key already used) is a quiet no-op.
  async function once<T>(tx: Tx, work: (sp: Tx) => Promise<T>): Promise<T | null> {
    try {
      return await tx.transaction(work);
    } catch (err) {
      if (err instanceof DuplicateLedgerEntry) return null;
      throw err;
    }
  }

  async function charge(tx: Tx, afterCommit: AfterCommit, userId: string, eventId: string, key: string) {
    try {
      const { entry, expired } = await repo.debit(
        tx,
        { userId, delta: -EVENT_CREATION_COST, reason: 'event_created', idempotencyKey: key, eventId },
        deps.clock.now(),
      );
      for (const row of [...expired, entry]) announce(afterCommit, row);
      for (const hook of spendHooks) await hook(tx, afterCommit, userId, entry.balanceAfter);
      return entry;
    } catch (err) {
      if (err instanceof InsufficientBalance)
        throw new AppError(ErrorCode.INSUFFICIENT_TOKENS, 'error.insufficientTokens');
      throw err;
    }
  }

  async function refund(
    tx: Tx,
    afterCommit: AfterCommit,
    userId: string,
    eventId: string,
    spendKey: string,
    key: string,
  ) {
    const row = await repo.restore(
      tx,
      spendKey,
      { userId, delta: EVENT_CREATION_COST, reason: 'event_refund', idempotencyKey: key, eventId },
      deps.clock.now(),
    );
    announce(afterCommit, row);
    return row;
  }

  return {
    packages: () => TOKEN_PACKAGES,

    onSpend(hook: SpendHook) {
      spendHooks.push(hook);
    },

    // The sign-up grant never expires (ADR 034).
    async grantSignup(tx: Tx, afterCommit: AfterCommit, userId: string) {
      const row = await repo.credit(tx, {
        userId,
        delta: SIGNUP_GRANT_TOKENS,
        reason: 'signup_grant',
        idempotencyKey: `signup:${userId}`,
        source: 'signup',
      });
      announce(afterCommit, row);
      return row;
    },

    // Charges the cost of creating an event inside the caller's transaction, from the lot that
    // expires first.
    chargeEventCreation: (tx: Tx, afterCommit: AfterCommit, userId: string, eventId: string) =>
      charge(tx, afterCommit, userId, eventId, `event:create:${eventId}`),

    // A recurring series costs 1 token however many occurrences it has (ADR 048); the ledger entry
    // names the first occurrence.
    chargeSeriesCreation: (
      tx: Tx,
      afterCommit: AfterCommit,
      userId: string,
      seriesId: string,
      firstEventId: string,
    ) => charge(tx, afterCommit, userId, firstEventId, `series:create:${seriesId}`),

    // Gives the creation token back (cancellation before anyone was accepted), into the lot it came
    // from. Once per event.
    refundEventCreation: (tx: Tx, afterCommit: AfterCommit, userId: string, eventId: string) =>
      refund(tx, afterCommit, userId, eventId, `event:create:${eventId}`, `event:refund:${eventId}`),

    // The series' token back: only when the whole series was cancelled before anyone took part.
    refundSeriesCreation: (
      tx: Tx,
      afterCommit: AfterCommit,
      userId: string,
      seriesId: string,
      eventId: string,
    ) => refund(tx, afterCommit, userId, eventId, `series:create:${seriesId}`, `series:refund:${seriesId}`),

    // A paid purchase: tokens and bonus as one lot valid for the package's days. The key makes a
    // second credit of the same purchase impossible, whatever called it.
    async creditPurchase(tx: Tx, afterCommit: AfterCommit, purchase: TokenPurchaseRow, paidAt: Date) {
      const validity = packageById(purchase.packageId)?.validityDays ?? 30;
      const row = await repo.credit(tx, {
        userId: purchase.userId,
        delta: purchase.tokens + purchase.bonusTokens,
        reason: 'purchase',
        idempotencyKey: `purchase:${purchase.id}`,
        source: 'purchase',
        purchaseId: purchase.id,
        expiresAt: new Date(paidAt.getTime() + validity * DAY_MS),
        detail: { purchaseId: purchase.id, packageId: purchase.packageId },
      });
      announce(afterCommit, row);
      return row;
    },

    // A refunded purchase: what is left of its lot goes back. Returns how many tokens.
    async takeBackPurchase(tx: Tx, afterCommit: AfterCommit, purchase: TokenPurchaseRow): Promise<number> {
      const lot = await repo.purchaseLot(tx, purchase.id);
      if (!lot) return 0;
      const row = await repo.takeFromLot(tx, lot, {
        userId: purchase.userId,
        delta: 0,
        reason: 'purchase_refund',
        idempotencyKey: `purchase:refund:${purchase.id}`,
        detail: { purchaseId: purchase.id },
      });
      if (!row) return 0;
      announce(afterCommit, row);
      return -row.delta;
    },

    // An earning rule's reward (never expiring), once per cause (`key`); null when already given.
    async earn(
      tx: Tx,
      afterCommit: AfterCommit,
      reward: {
        userId: string;
        amount: number;
        kind: EarnKind;
        key: string;
        eventId?: string | null;
        detail?: Record<string, unknown>;
      },
    ): Promise<TokenLedgerRow | null> {
      const row = await once(tx, (sp) =>
        repo.credit(sp, {
          userId: reward.userId,
          delta: reward.amount,
          reason: reward.kind === 'referral' ? 'referral' : 'earned',
          idempotencyKey: `earn:${reward.key}`,
          source: reward.kind === 'referral' ? 'referral' : 'earned',
          eventId: reward.eventId ?? null,
          detail: { kind: reward.kind, ...reward.detail },
        }),
      );
      if (row) announce(afterCommit, row);
      return row;
    },

    // Whether a reward's cause was already paid (e.g. this month's challenge).
    earned: async (key: string) => (await repo.entryByKey(deps.db, `earn:${key}`)) !== undefined,

    // Empties the lots whose time has come, each in its own transaction (a crash repeats only what
    // was not done). Returns how many lots expired.
    async expireDue(): Promise<number> {
      const now = deps.clock.now();
      let count = 0;
      for (const lotId of await repo.dueLots(now, EXPIRY_BATCH)) {
        const row = await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
          const expired = await repo.expireLot(tx, lotId, now);
          if (expired) announce(afterCommit, expired);
          return expired;
        });
        if (row) count++;
      }
      if (count > 0) deps.logger.info({ count }, 'token lots expired');
      return count;
    },

    expiringLots: (viewer: Viewer) => repo.expiringLots(viewer.id, deps.clock.now()),

    balanceOf: (userId: string) => repo.balanceOf(userId),

    entry: (viewer: Viewer, entryId: string) => repo.findEntry(viewer.id, entryId),

    async ledger(viewer: Viewer, requested: number | null | undefined, after?: string | null) {
      const first = pageSize(requested);
      const cursor = after ? decodeCursor(after, ['n']) : undefined;
      const rows = await repo.page(viewer.id, first + 1, cursor?.n);
      return pageOf(rows, first, (e) => ({ n: e.seq, id: e.id }));
    },

    subscribeBalance(viewer: Viewer): Promise<Subscription<TokenBalanceMessage>> {
      return deps.pubsub.subscribe(channels.tokenBalance(viewer.id));
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
