import { isHost } from '#server/auth/access.ts';
import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { loadReferenced } from '#server/context/loaders.ts';

export const ratingsResolvers: Resolvers = {
  Mutation: {
    async rateEvent(_parent, { input }, ctx) {
      const viewer = requireViewer(ctx);
      const result = await ctx.services.ratings.rateEvent(viewer, input);
      const { event, rating } = result;
      // The event's results, the host's average and the viewer's own rating all changed.
      ctx.loaders.event.clear(event.id).prime(event.id, event);
      ctx.loaders.eventRating.clear(event.id);
      ctx.loaders.userStats.clear(event.hostId);
      ctx.loaders.ratingSummary.clear(rating.rateeId);
      ctx.loaders.viewerRatings.clear(event.id);
      ctx.loaders.userBadges.clear(viewer.id).clear(rating.rateeId);
      return result;
    },
  },
  Event: {
    viewerRating: async (e, _args, ctx) =>
      (await ctx.loaders.viewerRatings.load(e.id)).find((r) => r.rateeId === e.hostId) ?? null,
    async viewerCanRate(e, _args, ctx) {
      const viewer = requireViewer(ctx);
      if (isHost(viewer, e)) return false;
      return ctx.services.ratings.canRate(viewer, e, (await ctx.loaders.viewerStanding.load(e.id)).relation);
    },
    viewerCanRateParticipants: (e, _args, ctx) =>
      ctx.services.ratings.canRateParticipants(requireViewer(ctx), e),
  },
  Participant: {
    // The host's own rating of this participant (others: null, they rate only the host).
    viewerRating: async (p, _args, ctx) => {
      const viewer = requireViewer(ctx);
      if (p.userId === viewer.id) return null;
      return (await ctx.loaders.viewerRatings.load(p.eventId)).find((r) => r.rateeId === p.userId) ?? null;
    },
  },
  Rating: {
    event: (r, _args, ctx) => loadReferenced(ctx.loaders.event, r.eventId, `event of rating ${r.id}:`),
    rater: (r, _args, ctx) => loadReferenced(ctx.loaders.user, r.raterId, `rater of rating ${r.id}:`),
    ratee: (r, _args, ctx) => loadReferenced(ctx.loaders.user, r.rateeId, `ratee of rating ${r.id}:`),
  },
};
