import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import type { TokenBalanceMessage } from '#server/pubsub/channels.ts';

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
  TokenLedgerEntry: {
    event: (entry, _args, ctx) => (entry.eventId ? ctx.loaders.event.load(entry.eventId) : null),
  },
};
