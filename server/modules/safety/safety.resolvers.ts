import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { loadReferenced } from '#server/context/loaders.ts';

export const safetyResolvers: Resolvers = {
  Query: {
    blockedUsers: (_parent, _args, ctx) => ctx.services.safety.blocksOf(requireViewer(ctx)),
  },
  Mutation: {
    async reportUser(_parent, { input }, ctx) {
      return { report: await ctx.services.safety.report(requireViewer(ctx), input) };
    },
    async reportUnsafeEvent(_parent, { input }, ctx) {
      return { report: await ctx.services.safety.reportUnsafe(requireViewer(ctx), input) };
    },
    async blockUser(_parent, { input }, ctx) {
      const { user } = await ctx.services.safety.block(requireViewer(ctx), input);
      ctx.loaders.viewerBlocked.clear(user.id).prime(user.id, true);
      // The block may have ended requests between the two: what this request cached of them is stale.
      ctx.loaders.joinRequest.clearAll();
      ctx.loaders.pendingRequestCount.clearAll();
      ctx.loaders.viewerStanding.clearAll();
      return { user };
    },
    async unblockUser(_parent, { input }, ctx) {
      const { user } = await ctx.services.safety.unblock(requireViewer(ctx), input);
      ctx.loaders.viewerBlocked.clear(user.id).prime(user.id, false);
      return { user };
    },
  },
  User: {
    viewerHasBlocked: (u, _args, ctx) => (ctx.viewer ? ctx.loaders.viewerBlocked.load(u.id) : false),
  },
  Block: {
    user: (b, _args, ctx) => loadReferenced(ctx.loaders.user, b.blockedId, 'blocked user'),
  },
};
