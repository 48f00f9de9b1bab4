import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import type { TokenBalanceMessage } from '#server/pubsub/channels.ts';
import { t } from '#server/lib/i18n.ts';
import { packageById } from './tokens.packages.ts';

export const tokensResolvers: Resolvers = {
  Query: {
    tokenLedger: (_parent, { first, after }, ctx) =>
      ctx.services.tokens.ledger(requireViewer(ctx), first, after),
    tokenPackages: (_parent, _args, ctx) => [...ctx.services.tokens.packages()],
  },
  Subscription: {
    tokenBalanceChanged: {
      subscribe: (_parent, _args, ctx) => ctx.services.tokens.subscribeBalance(requireViewer(ctx)),
      resolve: (message: TokenBalanceMessage) => ({ balance: message.balance, entryId: message.entryId }),
    },
  },
  TokenBalanceChange: {
    async entry(change, _args, ctx) {
      const entry = await ctx.services.tokens.entry(requireViewer(ctx), change.entryId);
      if (!entry) throw new Error(`ledger entry ${change.entryId} missing`);
      return entry;
    },
  },
  TokenPackage: {
    features: (p, _args, ctx) => p.features[ctx.locale],
  },
  TokenLedgerEntry: {
    event: (entry, _args, ctx) => (entry.eventId ? ctx.loaders.event.load(entry.eventId) : null),
    // The history's line, in the viewer's language (ADR 034: each reward names its cause).
    async cause(entry, _args, ctx) {
      const d = entry.detail ?? {};
      const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
      const event = entry.eventId ? await ctx.loaders.event.load(entry.eventId) : null;
      const params = {
        title: event?.title ?? text(d.title),
        month: text(d.month),
        name: text(d.name),
        package: packageById(text(d.packageId))?.name ?? text(d.packageId),
      };
      if (entry.reason === 'earned') {
        const kind = d.kind === 'five_star' || d.kind === 'challenge' ? d.kind : 'participation';
        return t(ctx.locale, `ledger.earned.${kind}`, params);
      }
      return t(ctx.locale, `ledger.${entry.reason}`, params);
    },
  },
};
