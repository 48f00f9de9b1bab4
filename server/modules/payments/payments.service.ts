import { mailLocale } from '#server/lib/i18n.mail.ts';
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import type { SavedPaymentMethod, TokenPurchaseRow, UserRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { requireOwner } from '#server/auth/access.ts';
import { AppError, badInput, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { decodeCursor, pageOf, pageSize } from '#server/lib/paging.ts';
import { serverSecret } from '#server/lib/server-secrets.ts';
import { turkeyDay } from '#server/lib/turkey-time.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { packageById } from '#server/modules/tokens/tokens.packages.ts';
import type { TokensService } from '#server/modules/tokens/tokens.service.ts';
import { autoRefillDeclinedMail, receiptMail } from './payments.mails.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createProvider } from './payments.providers.ts';
import type { IncomingWebhook, PaymentProvider, Settlement } from './providers/provider.types.ts';

// A checkout may be paid for this long; then the purchase expires (a late success still counts).
const CHECKOUT_MINUTES = 30;
const EXPIRE_GRACE_MS = 10 * 60_000;
const PURCHASES_PER_HOUR = 10;
const DAY_MS = 86_400_000;

const startSchema = z.object({
  packageId: z.string().refine((id) => packageById(id) !== undefined, 'validation.unknownPackage'),
  saveMethod: z.boolean().nullish(),
});

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

export type SettleResult = { purchase: TokenPurchaseRow; changed: boolean };

// Purchases of token packages through one payment provider (ADR 034): a checkout, then the
// provider's verified word (webhook, callback or an off-session charge) settles it. A purchase is
// credited once, in the transaction that marks it paid; replays, races and duplicates do nothing.
export function createPaymentsService(
  deps: Deps,
  options: { tokens: TokensService; notifications: NotificationsService },
) {
  const repo = createPaymentsRepository(deps.db);
  const { tokens, notifications } = options;
  const { config } = deps;
  const tokensLink = `${config.publicUrl}/dashboard/tokens`;

  let providerPromise: Promise<PaymentProvider | null> | undefined;
  const provider = () =>
    (providerPromise ??= (async () =>
      createProvider(
        config,
        {
          secret: await serverSecret(deps.db, 'payments-sandbox'),
          lookup: async (id) => {
            const p = isUuid(id) ? await repo.byId(id) : undefined;
            if (!p) return null;
            const pkg = packageById(p.packageId);
            const user = await repo.userById(p.userId);
            const locale = user?.locale === 'en' ? 'en' : 'tr';
            return {
              purchaseId: p.id,
              packageName: pkg?.name ?? p.packageId,
              description: describe(p, locale),
              amount: { amountCents: p.amountCents, currency: 'USD' as const },
              locale,
              returnUrl: returnUrl(p.id),
              cancelUrl: `${returnUrl(p.id)}&cancelled=1`,
              expiresAt: p.expiresAt,
              status: p.status as 'pending',
              saveMethodOffered: p.saveMethod,
            };
          },
          deliver: async (webhook) => {
            await handleWebhook('sandbox', webhook);
          },
        },
        () => deps.clock.now(),
      ))());

  const returnUrl = (purchaseId: string) => `${tokensLink}?purchase=${purchaseId}`;

  function describe(p: Pick<TokenPurchaseRow, 'tokens' | 'bonusTokens'>, locale: 'tr' | 'en') {
    const total = p.tokens + p.bonusTokens;
    if (locale === 'en')
      return p.bonusTokens ? `${total} tokens (${p.tokens} + ${p.bonusTokens} bonus)` : `${total} tokens`;
    return p.bonusTokens ? `${total} token (${p.tokens} + ${p.bonusTokens} bonus)` : `${total} token`;
  }

  function mailSafely(task: () => Promise<void>) {
    return async () => {
      try {
        await task();
      } catch (err) {
        deps.logger.warn({ err }, 'payment e-mail failed');
      }
    };
  }

  // The buyer's notification of how a purchase ended.
  function announce(
    tx: Tx,
    afterCommit: AfterCommit,
    purchase: TokenPurchaseRow,
    outcome: 'paid' | 'failed',
    tokens?: number,
  ) {
    return notifications.notify(tx, afterCommit, [
      {
        userId: purchase.userId,
        type: 'purchase_completed',
        data: {
          purchaseId: purchase.id,
          packageId: purchase.packageId,
          outcome,
          ...(tokens !== undefined && { tokens }),
          autoRefill: purchase.autoRefill,
        },
      },
    ]);
  }

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
      const { paymentId } = s;
      if (paymentId && charged && charged.currency === purchase.currency)
        afterCommit(async () => {
          try {
            const p = await provider();
            if (p?.name !== purchase.provider)
              throw new Error(`provider ${purchase.provider} is not configured`);
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

  async function currentUser(userId: string): Promise<UserRow> {
    const user = await repo.userById(userId);
    if (!user) throw notFound('error.userNotFound');
    return user;
  }

  return {
    providerName: async () => (await provider())?.name ?? null,
    // For the HTTP routes (the sandbox's checkout pages).
    provider,
    handleWebhook,
    settle,

    async startPurchase(viewer: Viewer, input: unknown, meta: { ip: string | null }) {
      const v = parseInput(startSchema, input);
      const p = await provider();
      if (!p) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'payment.unavailable');
      const pkg = packageById(v.packageId)!;
      const now = deps.clock.now();
      if ((await repo.pendingSince(viewer.id, new Date(now.getTime() - 3600_000))) >= PURCHASES_PER_HOUR)
        throw new AppError(ErrorCode.RATE_LIMITED, 'payment.tooMany');
      const user = await currentUser(viewer.id);
      const purchase = await repo.insertPurchase({
        id: crypto.randomUUID(),
        userId: viewer.id,
        packageId: pkg.id,
        tokens: pkg.tokens,
        bonusTokens: pkg.bonusTokens,
        amountCents: pkg.priceCents,
        currency: 'USD',
        provider: p.name,
        saveMethod: v.saveMethod ?? false,
        expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      });
      const locale = user.locale === 'en' ? 'en' : 'tr';
      let session;
      try {
        session = await p.createCheckout({
          purchaseId: purchase.id,
          packageName: pkg.name,
          description: describe(purchase, locale),
          amount: { amountCents: purchase.amountCents, currency: 'USD' },
          customer: {
            userId: user.id,
            email: user.email,
            name: user.fullName ?? user.displayName,
            city: user.city,
            ip: meta.ip,
            providerCustomerId:
              user.paymentMethod?.provider === p.name ? user.paymentMethod.customerId : null,
          },
          saveMethod: purchase.saveMethod,
          locale,
          returnUrl: returnUrl(purchase.id),
          cancelUrl: `${returnUrl(purchase.id)}&cancelled=1`,
          expiresAt: purchase.expiresAt,
        });
      } catch (err) {
        await inTransaction(deps.db, deps.logger, (tx) =>
          repo.update(tx, purchase.id, {
            status: 'failed',
            failedAt: now,
            failureReason: 'checkout_unavailable',
          }),
        );
        deps.logger.error({ err, purchaseId: purchase.id }, 'checkout could not be opened');
        throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'payment.checkoutFailed', { cause: err });
      }
      await repo.setCheckout(purchase.id, session.providerRef, session.checkoutUrl);
      deps.logger.info({ purchaseId: purchase.id, packageId: pkg.id, provider: p.name }, 'checkout opened');
      return {
        checkoutUrl: session.checkoutUrl,
        purchase: { ...purchase, providerRef: session.providerRef, checkoutUrl: session.checkoutUrl },
      };
    },

    async purchase(viewer: Viewer, id: string) {
      return requireOwner(viewer, isUuid(id) ? await repo.byId(id) : undefined, 'payment.notFound');
    },

    async history(viewer: Viewer, first: number | null | undefined, after?: string | null) {
      const limit = pageSize(first);
      const cursor = after ? decodeCursor(after, ['c']) : undefined;
      const rows = await repo.page(viewer.id, limit + 1, cursor && { c: cursor.c!, id: cursor.id });
      return pageOf(rows, limit, (r) => ({ c: r.createdAt.toISOString(), id: r.id }));
    },

    // Checkouts nobody finished: expired (a provider's later success still credits them).
    async expireStale(): Promise<number> {
      const now = deps.clock.now();
      let count = 0;
      for (const id of await repo.stale(new Date(now.getTime() - EXPIRE_GRACE_MS), 200)) {
        const changed = await inTransaction(deps.db, deps.logger, async (tx) => {
          const p = await repo.lock(tx, id);
          if (!p || p.status !== 'pending') return false;
          await repo.update(tx, id, { status: 'expired', failedAt: now, failureReason: 'expired' });
          return true;
        });
        if (changed) count++;
      }
      if (count > 0) deps.logger.info({ count }, 'abandoned purchases expired');
      return count;
    },

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
