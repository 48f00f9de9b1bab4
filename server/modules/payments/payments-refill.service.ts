import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import type { SavedPaymentMethod, TokenPurchaseRow } from '#db/schema/index.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { badInput, notFound } from '#server/errors/app-error.ts';
import { turkeyDay } from '#server/lib/turkey-time.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import { packageById } from '#server/modules/tokens/tokens.packages.ts';
import { CHECKOUT_MINUTES, DAY_MS, type PaymentsCore } from './payments-core.service.ts';
import type { SettleResult } from './payments-settlement.service.ts';
import type { Settlement } from './providers/provider.types.ts';

const autoRefillSchema = z.object({
  enabled: z.boolean(),
  threshold: z
    .number()
    .int('validation.autoRefillThreshold')
    .min(1, 'validation.autoRefillThreshold')
    .max(1000, 'validation.autoRefillThreshold')
    .nullish(),
  packageId: z
    .string()
    .refine((id) => packageById(id) !== undefined, 'validation.unknownPackage')
    .nullish(),
  forgetPaymentMethod: z.boolean().nullish(),
});

// Auto-refill with a saved payment method, and the saved method itself (kept, forgotten, detached).
export function createAutoRefill(
  core: PaymentsCore,
  settle: (providerName: string, s: Settlement) => Promise<SettleResult | null>,
) {
  const { deps, repo, provider } = core;

  // Buys the chosen package with the saved method: at most once a day (Turkey), only under the
  // threshold, only while on. The attempt is recorded before the charge, so a crash or a second
  // replica never charges twice on a day.
  async function runAutoRefill(userId: string): Promise<TokenPurchaseRow | null> {
    const p = await provider();
    if (!p) return null;
    const now = deps.clock.now();
    const today = turkeyDay(now);
    const claimed = await inTransaction(deps.db, deps.logger, async (tx) => {
      const user = await repo.lockUser(tx, userId);
      if (!user || !user.autoRefillEnabled || !user.paymentMethod || user.deletedAt) return null;
      if (user.tokenBalance >= user.autoRefillThreshold) return null;
      if (user.autoRefillAttemptedAt && turkeyDay(user.autoRefillAttemptedAt) === today) return null;
      if (user.paymentMethod.provider !== p.name) return null;
      const pkg = packageById(user.autoRefillPackage) ?? packageById('starter')!;
      await repo.setAutoRefill(tx, userId, { autoRefillAttemptedAt: now });
      const purchase = await repo.insertPurchase(
        {
          userId,
          packageId: pkg.id,
          tokens: pkg.tokens,
          bonusTokens: pkg.bonusTokens,
          amountCents: pkg.priceCents,
          currency: 'USD',
          provider: p.name,
          autoRefill: true,
          expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
        },
        tx,
      );
      return { purchase, method: user.paymentMethod, pkg };
    });
    if (!claimed) return null;
    const { purchase, method, pkg } = claimed;
    let settlement: Settlement;
    try {
      settlement = await p.chargeSaved({
        purchaseId: purchase.id,
        amount: { amountCents: purchase.amountCents, currency: 'USD' },
        method,
        description: `${pkg.name} (auto-refill)`,
      });
    } catch (err) {
      deps.logger.error({ err, purchaseId: purchase.id }, 'auto-refill charge failed to run');
      settlement = {
        eventId: `autorefill:${purchase.id}:error`,
        purchaseId: purchase.id,
        providerRef: null,
        outcome: 'failed',
        paymentId: null,
        amount: null,
        method: 'card',
        savedMethod: null,
        failureReason: 'provider_error',
      };
    }
    const result = await settle(p.name, { ...settlement, purchaseId: purchase.id });
    return result?.purchase ?? purchase;
  }

  return {
    async setAutoRefill(viewer: Viewer, input: unknown) {
      const v = parseInput(autoRefillSchema, input);
      return inTransaction(deps.db, deps.logger, async (tx) => {
        const user = await repo.lockUser(tx, viewer.id);
        if (!user) throw notFound('error.userNotFound');
        if (v.forgetPaymentMethod)
          return repo.setAutoRefill(tx, viewer.id, { paymentMethod: null, autoRefillEnabled: 0 });
        if (v.enabled && !user.paymentMethod)
          throw badInput([{ field: 'input.enabled', key: 'payment.noSavedMethod' }]);
        return repo.setAutoRefill(tx, viewer.id, {
          autoRefillEnabled: v.enabled ? 1 : 0,
          ...(v.threshold != null && { autoRefillThreshold: v.threshold }),
          ...(v.packageId && { autoRefillPackage: v.packageId }),
        });
      });
    },

    // A spend's hook: under the threshold with auto-refill on, a refill is queued (after commit).
    async afterSpend(tx: Tx, afterCommit: AfterCommit, userId: string, balanceAfter: number) {
      const user = await repo.userById(userId, tx);
      if (!user?.autoRefillEnabled || balanceAfter >= user.autoRefillThreshold) return;
      afterCommit(() => deps.jobs.send('payments.autoRefill', { userId }, { singletonKey: userId }));
    },

    runAutoRefill,

    // A saved method leaves the provider (ADR 054): the account was deleted or the method forgotten.
    // Called after the commit that erased it here; a failure is retried by the job queue.
    async detachSavedMethod(method: SavedPaymentMethod, retry = true): Promise<void> {
      const p = await provider();
      if (!p || p.name !== method.provider) return;
      try {
        await p.detachMethod(method);
        deps.logger.info({ provider: method.provider }, 'payment method detached');
      } catch (err) {
        if (!retry) throw err;
        deps.logger.warn({ err, provider: method.provider }, 'payment method detach failed; queued');
        await deps.jobs.send('payments.detachMethod', { method });
      }
    },

    // Catches refills a lost nudge left behind (runAutoRefill checks the Turkish day itself).
    async autoRefillSweep(): Promise<number> {
      const since = new Date(deps.clock.now().getTime() - DAY_MS);
      let count = 0;
      for (const userId of await repo.dueForRefill(since, 100)) {
        if (await runAutoRefill(userId)) count++;
      }
      return count;
    },
  };
}
