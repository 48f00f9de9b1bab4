import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { AppError, ErrorCode } from '#server/errors/app-error.ts';
import { t, type MessageKey } from '#server/lib/i18n.ts';
import { packageById, TOKEN_PACKAGES } from '#server/modules/tokens/tokens.packages.ts';

const FAILURES = new Set([
  'card_declined',
  'insufficient_funds',
  'authentication_failed',
  'expired',
  'amount_mismatch',
]);
const DAY_MS = 86_400_000;

export const paymentsResolvers: Resolvers = {
  Query: {
    tokenPurchases: (_parent, { first, after }, ctx) =>
      ctx.services.payments.history(requireViewer(ctx), first, after),
    tokenPurchase: async (_parent, { id }, ctx) => {
      try {
        return await ctx.services.payments.purchase(requireViewer(ctx), id);
      } catch (err) {
        // Someone else's purchase, or none: null, as for a purchase that does not exist.
        if (err instanceof AppError && err.code === ErrorCode.NOT_FOUND) return null;
        throw err;
      }
    },
  },
  Mutation: {
    startTokenPurchase: (_parent, { input }, ctx) =>
      ctx.services.payments.startPurchase(requireViewer(ctx), input, { ip: ctx.ip }),
    async setAutoRefill(_parent, { input }, ctx) {
      const viewer = requireViewer(ctx);
      const user = await ctx.services.payments.setAutoRefill(viewer, input);
      ctx.loaders.user.clear(viewer.id).prime(viewer.id, user);
      return { viewer: user };
    },
    refundTokenPurchase: async (_parent, { input }, ctx) => ({
      purchase: await ctx.services.payments.refund(input.purchaseId, requireViewer(ctx)),
    }),
  },
  TokenPurchase: {
    package: (p) => packageById(p.packageId) ?? TOKEN_PACKAGES[0],
    amount: (p) => p.amountCents / 100,
    failureReason: (p, _args, ctx) =>
      p.failureReason
        ? t(
            ctx.locale,
            `payment.failure.${FAILURES.has(p.failureReason) ? p.failureReason : 'other'}` as MessageKey,
          )
        : null,
    tokensExpireAt: (p) =>
      p.paidAt
        ? new Date(p.paidAt.getTime() + (packageById(p.packageId)?.validityDays ?? 30) * DAY_MS)
        : null,
  },
};
