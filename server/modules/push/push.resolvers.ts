import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';

export const pushResolvers: Resolvers = {
  Mutation: {
    registerPushSubscription: async (_parent, { input }, ctx) => ({
      device: await ctx.services.push.register(requireViewer(ctx), input),
    }),
    removePushSubscription: async (_parent, { input }, ctx) => ({
      removed: await ctx.services.push.remove(requireViewer(ctx), input.endpoint),
    }),
  },
};
