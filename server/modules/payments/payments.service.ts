import crypto from 'node:crypto';
import { z } from 'zod';
import type { UserRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { requireOwner } from '#server/auth/access.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { decodeCursor, pageOf, pageSize } from '#server/lib/paging.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { packageById } from '#server/modules/tokens/tokens.packages.ts';
import type { TokensService } from '#server/modules/tokens/tokens.service.ts';
import { CHECKOUT_MINUTES, createPaymentsCore } from './payments-core.service.ts';
import { createAutoRefill } from './payments-refill.service.ts';
import { createRefunds } from './payments-refunds.service.ts';
import { createSettlement } from './payments-settlement.service.ts';

const EXPIRE_GRACE_MS = 10 * 60_000;
const PURCHASES_PER_HOUR = 10;

const startSchema = z.object({
  packageId: z.string().refine((id) => packageById(id) !== undefined, 'validation.unknownPackage'),
  saveMethod: z.boolean().nullish(),
});

// Purchases of token packages through one payment provider (ADR 034): a checkout, then the
// provider's verified word (webhook, callback or an off-session charge) settles it. The parts live
// in payments-core (shared), -settlement, -refunds and -refill.service.ts.
export function createPaymentsService(
  deps: Deps,
  options: { tokens: TokensService; notifications: NotificationsService },
) {
  const core = createPaymentsCore(deps, options, (name, webhook) => settlement.handleWebhook(name, webhook));
  const settlement = createSettlement(core);
  const refunds = createRefunds(core);
  const refill = createAutoRefill(core, settlement.settle);
  const { repo, provider, returnUrl, describe } = core;

  async function currentUser(userId: string): Promise<UserRow> {
    const user = await repo.userById(userId);
    if (!user) throw notFound('error.userNotFound');
    return user;
  }

  return {
    providerName: async () => (await provider())?.name ?? null,
    // For the HTTP routes (the sandbox's checkout pages).
    provider,
    handleWebhook: settlement.handleWebhook,
    settle: settlement.settle,

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

    ...refunds,
    ...refill,
  };
}
