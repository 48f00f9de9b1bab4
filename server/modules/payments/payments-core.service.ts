import type { Tx } from '#db/client.ts';
import type { TokenPurchaseRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import { isUuid } from '#server/lib/ids.ts';
import { serverSecret } from '#server/lib/server-secrets.ts';
import type { AfterCommit } from '#server/lib/unit-of-work.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { packageById } from '#server/modules/tokens/tokens.packages.ts';
import type { TokensService } from '#server/modules/tokens/tokens.service.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createProvider } from './payments.providers.ts';
import type { IncomingWebhook, PaymentProvider } from './providers/provider.types.ts';

// A checkout may be paid for this long; then the purchase expires (a late success still counts).
export const CHECKOUT_MINUTES = 30;
export const DAY_MS = 86_400_000;

export type PaymentsCore = ReturnType<typeof createPaymentsCore>;

// What the purchase, settlement, refund and auto-refill parts of the payments service share: the
// repository, the provider (made once, on first use) and the buyer's links, texts and notices.
// The sandbox's signed webhooks come back through `onWebhook` (the settlement part's handler).
export function createPaymentsCore(
  deps: Deps,
  options: { tokens: TokensService; notifications: NotificationsService },
  onWebhook: (providerName: string, webhook: IncomingWebhook) => Promise<unknown>,
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
            await onWebhook('sandbox', webhook);
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

  return { deps, repo, tokens, tokensLink, provider, returnUrl, describe, mailSafely, announce };
}
