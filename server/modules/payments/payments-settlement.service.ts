import { mailLocale } from '#server/lib/i18n.mail.ts';
import type { Tx } from '#db/client.ts';
import type { TokenPurchaseRow } from '#db/schema/index.ts';
import { notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import { packageById } from '#server/modules/tokens/tokens.packages.ts';
import { DAY_MS, type PaymentsCore } from './payments-core.service.ts';
import { autoRefillDeclinedMail, receiptMail } from './payments.mails.ts';
import { refundMismatch } from './payments-refunds.service.ts';
import type { IncomingWebhook, Settlement } from './providers/provider.types.ts';

export type SettleResult = { purchase: TokenPurchaseRow; changed: boolean };

// Settling purchases on the provider's verified word (webhook, callback or an off-session charge).
// A purchase is credited once, in the transaction that marks it paid; replays, races and
// duplicates do nothing.
export function createSettlement(core: PaymentsCore) {
  const { deps, repo, tokens, tokensLink, provider, mailSafely, announce } = core;

  // The provider's word on a purchase, applied once.
  async function settle(providerName: string, s: Settlement): Promise<SettleResult | null> {
    const found =
      (s.purchaseId && isUuid(s.purchaseId) ? await repo.byId(s.purchaseId) : undefined) ??
      (s.providerRef ? await repo.byProviderRef(providerName, s.providerRef) : undefined);
    if (!found || found.provider !== providerName) {
      deps.logger.warn({ provider: providerName, eventId: s.eventId }, 'payment event for no known purchase');
      return null;
    }
    const now = deps.clock.now();
    return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
      if (
        !(await repo.recordEvent(tx, {
          provider: providerName,
          eventId: s.eventId,
          purchaseId: found.id,
          outcome: s.outcome,
        }))
      )
        return { purchase: found, changed: false };
      const purchase = (await repo.lock(tx, found.id))!;
      if (s.outcome === 'paid') return applyPaid(tx, afterCommit, purchase, s, now);
      if (purchase.status !== 'pending') return { purchase, changed: false };
      if (s.outcome === 'expired') {
        const expired = await repo.update(tx, purchase.id, {
          status: 'expired',
          failedAt: now,
          failureReason: 'expired',
        });
        return { purchase: expired, changed: true };
      }
      const failed = await repo.update(tx, purchase.id, {
        status: 'failed',
        failedAt: now,
        failureReason: s.failureReason ?? 'payment_failed',
        method: s.method ?? purchase.method,
      });
      await announce(tx, afterCommit, purchase, 'failed');
      // A declined auto-refill turns itself off and says so.
      if (purchase.autoRefill) {
        await repo.setAutoRefill(tx, purchase.userId, { autoRefillEnabled: 0 });
        afterCommit(
          mailSafely(async () => {
            const user = await repo.userById(purchase.userId);
            if (user?.email)
              await deps.mailer.send(
                autoRefillDeclinedMail(user.email, {
                  locale: mailLocale(user.locale),
                  packageName: packageById(purchase.packageId)?.name ?? purchase.packageId,
                  link: tokensLink,
                }),
              );
          }),
        );
      }
      deps.logger.info({ purchaseId: purchase.id, reason: failed.failureReason }, 'purchase failed');
      return { purchase: failed, changed: true };
    });
  }

  async function applyPaid(
    tx: Tx,
    afterCommit: AfterCommit,
    purchase: TokenPurchaseRow,
    s: Settlement,
    now: Date,
  ): Promise<SettleResult> {
    // Paid once: a second success for the same purchase (webhook and return racing, both Stripe
    // events) credits nothing. A success after a refund is an operator's matter.
    if (purchase.status === 'paid' || purchase.status === 'refunded') {
      // Stripe sends checkout.session.completed and payment_intent.succeeded in no set order, and only
      // the latter carries the card the buyer chose to keep: keep it when it comes second.
      if (
        purchase.status === 'paid' &&
        purchase.saveMethod &&
        s.savedMethod &&
        s.paymentId !== null &&
        s.paymentId === purchase.providerPaymentId
      )
        await repo.setAutoRefill(tx, purchase.userId, { paymentMethod: s.savedMethod });
      return { purchase, changed: false };
    }
    // Credited only for the package's price, in its currency; an unknown amount is not a match.
    const charged = s.amount;
    if (!charged || charged.amountCents !== purchase.amountCents || charged.currency !== purchase.currency) {
      deps.logger.error(
        { purchaseId: purchase.id, expected: purchase.amountCents, paid: charged },
        'payment amount does not match the package: not credited',
      );
      const refused = await repo.update(tx, purchase.id, {
        status: 'failed',
        failedAt: now,
        failureReason: 'amount_mismatch',
        providerPaymentId: s.paymentId,
      });
      await announce(tx, afterCommit, purchase, 'failed');
      // The money goes back whole; the buyer is told so (payment.failure.amount_mismatch).
      refundMismatch(core, afterCommit, purchase, s.paymentId, charged);
      return { purchase: refused, changed: true };
    }
    const paid = await repo.update(tx, purchase.id, {
      status: 'paid',
      paidAt: now,
      providerPaymentId: s.paymentId,
      method: s.method ?? 'card',
      failureReason: null,
    });
    const entry = await tokens.creditPurchase(tx, afterCommit, paid, now);
    if (s.savedMethod && purchase.saveMethod)
      await repo.setAutoRefill(tx, purchase.userId, { paymentMethod: s.savedMethod });
    await announce(tx, afterCommit, purchase, 'paid', entry.delta);
    afterCommit(
      mailSafely(async () => {
        const user = await repo.userById(purchase.userId);
        if (user?.email)
          await deps.mailer.send(
            receiptMail(user.email, {
              locale: mailLocale(user.locale),
              purchase: paid,
              packageName: packageById(paid.packageId)?.name ?? paid.packageId,
              validUntil: entry.expiresAt ?? new Date(now.getTime() + 30 * DAY_MS),
              link: tokensLink,
            }),
          );
      }),
    );
    deps.logger.info({ purchaseId: purchase.id, tokens: entry.delta }, 'purchase paid and credited');
    return { purchase: paid, changed: true };
  }

  async function handleWebhook(providerName: string, webhook: IncomingWebhook) {
    const p = await provider();
    if (!p || p.name !== providerName) throw notFound('error.routeNotFound');
    const settlements = await p.parseWebhook(webhook);
    const results: SettleResult[] = [];
    for (const s of settlements) {
      const r = await settle(providerName, s);
      if (r) results.push(r);
    }
    return results;
  }

  return { settle, handleWebhook };
}
