import { isHost, isSelf } from '#server/auth/access.ts';
import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { reliabilityPercent } from './join-requests.rules.ts';

const reliabilityOf = (r: { attended: number; recorded: number }) => ({
  ...r,
  percent: reliabilityPercent(r),
});

// The waitlist (ADR 045) and attendance (ADR 049).
export const joinRequestsLifecycleResolvers: Resolvers = {
  Mutation: {
    async acceptWaitlistOffer(_parent, { input }, ctx) {
      const result = await ctx.services.waitlist.acceptOffer(requireViewer(ctx), input.id);
      ctx.loaders.event.clear(result.event.id).prime(result.event.id, result.event);
      ctx.loaders.viewerStanding.clear(result.event.id);
      ctx.loaders.participants.clear(result.event.id);
      return result;
    },
    async checkIn(_parent, { input }, ctx) {
      const event = await ctx.services.waitlist.checkIn(requireViewer(ctx), input);
      ctx.loaders.participants.clear(event.id);
      ctx.loaders.viewerAttendance.clear(event.id);
      return { event };
    },
    async recordAttendance(_parent, { input }, ctx) {
      const event = await ctx.services.waitlist.recordAttendance(requireViewer(ctx), input);
      ctx.loaders.participants.clear(event.id);
      return { event };
    },
  },
  Event: {
    waitlist: (e, _args, ctx) => ctx.services.waitlist.queueFor(requireViewer(ctx), e),
    viewerAttendance: (e, _args, ctx) => ctx.loaders.viewerAttendance.load(e.id),
    checkInCode: (e, _args, ctx) => ctx.services.waitlist.checkInCode(requireViewer(ctx), e),
    checkInUrl: async (e, _args, ctx) => {
      const code = await ctx.services.waitlist.checkInCode(requireViewer(ctx), e);
      return code ? `${ctx.config.publicUrl}/e/${e.id}/checkin?code=${code}` : null;
    },
  },
  Participant: {
    // The host's record: for the host and the participant themself.
    attended: async (p, _args, ctx) => {
      const viewer = requireViewer(ctx);
      if (isSelf(viewer, { id: p.userId })) return p.attendanceRecordedAt ? p.attended : null;
      const event = await ctx.loaders.event.load(p.eventId);
      return event && isHost(viewer, event) && p.attendanceRecordedAt ? p.attended : null;
    },
  },
  JoinRequest: {
    autoApproved: (r) => r.autoApproved,
    waitlist: (r) => r.waitlist,
    waitlistPosition: (r, _args, ctx) =>
      r.status === 'waitlisted' ? ctx.loaders.waitlistPosition.load(r.id) : null,
    offerExpiresAt: (r) => (r.status === 'offered' ? r.offerExpiresAt : null),
    // The requester's record: for the event's host (request cards) and the requester.
    reliability: async (r, _args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!isSelf(viewer, { id: r.userId })) {
        const event = await ctx.loaders.event.load(r.eventId);
        if (!event || !isHost(viewer, event)) return null;
      }
      return reliabilityOf(await ctx.loaders.reliability.load(r.userId));
    },
  },
  User: {
    reliability: async (u, _args, ctx) =>
      isSelf(ctx.viewer, u) ? reliabilityOf(await ctx.loaders.reliability.load(u.id)) : null,
  },
};
