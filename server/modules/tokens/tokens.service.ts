import type { Tx } from '#db/client.ts';
import type { TokenLedgerRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { AppError, ErrorCode } from '#server/errors/app-error.ts';
import { decodeCursor, pageOf, pageSize } from '#server/lib/paging.ts';
import type { AfterCommit } from '#server/lib/unit-of-work.ts';
import { channels, type TokenBalanceMessage } from '#server/pubsub/channels.ts';
import type { Subscription } from '#server/pubsub/pubsub.ts';
import { EVENT_CREATION_COST, SIGNUP_GRANT_TOKENS, TOKEN_PACKAGES } from './tokens.packages.ts';
import { createTokensRepository, InsufficientBalance, type LedgerEntry } from './tokens.repository.ts';

export function createTokensService(deps: Deps) {
  const repo = createTokensRepository(deps.db);

  async function apply(tx: Tx, afterCommit: AfterCommit, entry: LedgerEntry): Promise<TokenLedgerRow> {
    const row = await repo.applyDelta(tx, entry);
    afterCommit(() =>
      deps.pubsub.publish(channels.tokenBalance(entry.userId), {
        userId: entry.userId,
        balance: row.balanceAfter,
        entryId: row.id,
      } satisfies TokenBalanceMessage),
    );
    return row;
  }

  return {
    packages: () => TOKEN_PACKAGES,

    grantSignup(tx: Tx, afterCommit: AfterCommit, userId: string) {
      return apply(tx, afterCommit, {
        userId,
        delta: SIGNUP_GRANT_TOKENS,
        reason: 'signup_grant',
        idempotencyKey: `signup:${userId}`,
      });
    },

    // Charges the cost of creating an event inside the caller's transaction.
    async chargeEventCreation(tx: Tx, afterCommit: AfterCommit, userId: string, eventId: string) {
      try {
        return await apply(tx, afterCommit, {
          userId,
          delta: -EVENT_CREATION_COST,
          reason: 'event_created',
          idempotencyKey: `event:create:${eventId}`,
          eventId,
        });
      } catch (err) {
        if (err instanceof InsufficientBalance)
          throw new AppError(ErrorCode.INSUFFICIENT_TOKENS, 'error.insufficientTokens');
        throw err;
      }
    },

    // Gives the creation token back (cancellation before anyone was accepted). Once per event.
    refundEventCreation(tx: Tx, afterCommit: AfterCommit, userId: string, eventId: string) {
      return apply(tx, afterCommit, {
        userId,
        delta: EVENT_CREATION_COST,
        reason: 'event_refund',
        idempotencyKey: `event:refund:${eventId}`,
        eventId,
      });
    },

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
