import type { TokenPurchaseRow } from '#db/schema/index.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import type { PaymentsCore } from './payments-core.service.ts';
import type { Settlement } from './providers/provider.types.ts';

// Money going back: an operator's refund of a paid purchase, and a payment that did not match its
// package's price.
export function createRefunds(core: PaymentsCore) {
  const { deps, repo, tokens, provider } = core;
  return {
    // An operator's refund: unspent tokens go back, the money for them too (pro rata).
    async refund(purchaseId: string, by: Viewer) {
      if (!isUuid(purchaseId)) throw notFound('payment.notFound');
      const p = await provider();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const purchase = await repo.lock(tx, purchaseId);
        if (!purchase) throw notFound('payment.notFound');
        if (purchase.status !== 'paid') throw new AppError(ErrorCode.CONFLICT, 'payment.notRefundable');
        const taken = await tokens.takeBackPurchase(tx, afterCommit, purchase);
        const total = purchase.tokens + purchase.bonusTokens;
        const cents = Math.round((purchase.amountCents * taken) / total);
        if (cents > 0 && purchase.providerPaymentId) {
          if (!p || p.name !== purchase.provider)
            throw new AppError(ErrorCode.CONFLICT, 'payment.notRefundable');
          await p.refund({
            paymentId: purchase.providerPaymentId,
            amount: { amountCents: cents, currency: 'USD' },
          });
        }
        const refunded = await repo.update(tx, purchase.id, {
          status: 'refunded',
          refundedAt: deps.clock.now(),
          refundedTokens: taken,
          refundedCents: cents,
        });
        deps.logger.info({ purchaseId, taken, cents, by: by.id }, 'purchase refunded');
        return refunded;
      });
    },
  };
}

// A payment whose amount did not match the package: refunded whole after the commit that refused it.
export function refundMismatch(
  core: PaymentsCore,
  afterCommit: AfterCommit,
  purchase: TokenPurchaseRow,
  paymentId: string | null,
  charged: Settlement['amount'],
) {
  const { deps, repo, provider } = core;
  if (paymentId && charged && charged.currency === purchase.currency)
    afterCommit(async () => {
      try {
        const p = await provider();
        if (p?.name !== purchase.provider) throw new Error(`provider ${purchase.provider} is not configured`);
        await p.refund({ paymentId, amount: { amountCents: charged.amountCents, currency: 'USD' } });
        await inTransaction(deps.db, deps.logger, (t) =>
          repo.update(t, purchase.id, {
            refundedAt: deps.clock.now(),
            refundedCents: charged.amountCents,
          }),
        );
        deps.logger.info({ purchaseId: purchase.id }, 'mismatched payment refunded');
      } catch (err) {
        deps.logger.error(
          { err, purchaseId: purchase.id },
          'mismatched payment not refunded: refund it by hand',
        );
      }
    });
  else deps.logger.error({ purchaseId: purchase.id }, 'mismatched payment: refund it by hand');
}
