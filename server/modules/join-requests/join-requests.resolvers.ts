import { isHost } from '#server/auth/access.ts';
import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { reasonText, supportOf } from '#server/modules/moderation/moderation.ts';
import { loadReferenced } from '#server/context/loaders.ts';

export const joinRequestsResolvers: Resolvers = {
  Query: {
    hostPendingRequestCount: (_parent, _args, ctx) =>
      ctx.services.joinRequests.hostPendingCount(requireViewer(ctx)),
  },
  Mutation: {
    async requestToJoin(_parent, { input }, ctx) {
      const result = await ctx.services.joinRequests.requestToJoin(requireViewer(ctx), input);
      ctx.loaders.event.clear(result.event.id).prime(result.event.id, result.event);
      ctx.loaders.viewerStanding.clear(result.event.id);
      return result;
    },
    async acceptRequest(_parent, { input }, ctx) {
      const result = await ctx.services.joinRequests.accept(requireViewer(ctx), input.id);
      ctx.loaders.event.clear(result.event.id).prime(result.event.id, result.event);
      ctx.loaders.participants.clear(result.event.id);
      ctx.loaders.pendingRequestCount.clear(result.event.id);
      return result;
    },
    async declineRequest(_parent, { input }, ctx) {
      const result = await ctx.services.joinRequests.decline(requireViewer(ctx), input.id);
      ctx.loaders.pendingRequestCount.clear(result.event.id);
      return result;
    },
    async withdrawRequest(_parent, { input }, ctx) {
      const result = await ctx.services.joinRequests.withdraw(requireViewer(ctx), input.id);
      ctx.loaders.viewerStanding.clear(result.event.id);
      return result;
    },
    async leaveEvent(_parent, { input }, ctx) {
      const result = await ctx.services.joinRequests.leave(requireViewer(ctx), input.eventId);
      ctx.loaders.event.clear(result.event.id).prime(result.event.id, result.event);
      ctx.loaders.viewerStanding.clear(result.event.id);
      ctx.loaders.participants.clear(result.event.id);
      return result;
    },
  },
  Event: {
    joinRequests: (e, { status }, ctx) => ctx.services.joinRequests.forEvent(requireViewer(ctx), e, status),
    pendingRequestCount: (e, _args, ctx) =>
      isHost(requireViewer(ctx), e) ? ctx.loaders.pendingRequestCount.load(e.id) : null,
    viewerJoinRequest: async (e, _args, ctx) => (await ctx.loaders.viewerStanding.load(e.id)).latest ?? null,
  },
  JoinRequest: {
    event: (r, _args, ctx) => loadReferenced(ctx.loaders.event, r.eventId, `event of request ${r.id}:`),
    user: (r, _args, ctx) => loadReferenced(ctx.loaders.user, r.userId, `user of request ${r.id}:`),
    check: (r, _args, ctx) => ({
      verdict: r.checkVerdict,
      reasons: r.checkReasons.map((code) => reasonText(code, ctx.locale)),
      engine: r.checkEngine,
      // The writer only: a hand when the message speaks of hurting themselves (ADR 036).
      supportText: ctx.viewer?.id === r.userId ? supportOf(r.checkVerdict, r.checkReasons, ctx.locale) : null,
    }),
    declinedByCheck: (r) => r.status === 'declined' && r.checkVerdict === 'block' && r.decidedBy === null,
  },
};
