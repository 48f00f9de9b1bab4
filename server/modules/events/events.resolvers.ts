import type { EventRow } from '#db/schema/index.ts';
import type { Context } from '#server/context/context.ts';
import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { eventLocation, eventStatus, minutesUntil, type ViewerRole } from './events.mappers.ts';

export async function viewerRoleOf(event: EventRow, ctx: Context): Promise<ViewerRole> {
  const viewer = requireViewer(ctx);
  if (event.hostId === viewer.id) return 'host';
  return (await ctx.loaders.viewerRelation.load(event.id)) ?? 'none';
}

export const eventsResolvers: Resolvers = {
  Query: {
    event: (_parent, { id }, ctx) => ctx.loaders.event.load(id),
    events: (_parent, args, ctx) => ctx.services.events.list(requireViewer(ctx), args),
  },
  Mutation: {
    async createEvent(_parent, { input }, ctx) {
      const viewer = requireViewer(ctx);
      const { event, balanceAfter } = await ctx.services.events.createEvent(viewer, input);
      ctx.loaders.event.prime(event.id, event);
      ctx.loaders.user.clear(viewer.id);
      const host = await ctx.loaders.user.load(viewer.id);
      // The balance right after this charge (later parallel charges may already have committed).
      return { event, viewer: { ...host!, tokenBalance: balanceAfter } };
    },
  },
  EventConnection: {
    totalCount: (connection) => connection.totalCount(),
  },
  Event: {
    date: (e) => toTurkeyDateTime(e.startsAt).date,
    time: (e) => toTurkeyDateTime(e.startsAt).time,
    freeSlots: (e) => Math.max(0, e.maxParticipants - e.participantCount),
    status: (e, _args, ctx) => eventStatus(e, ctx.now),
    viewerRole: (e, _args, ctx) => viewerRoleOf(e, ctx),
    async host(e, _args, ctx) {
      const host = await ctx.loaders.user.load(e.hostId);
      if (!host) throw new Error(`host ${e.hostId} of event ${e.id} missing`);
      return host;
    },
    location: async (e, _args, ctx) => eventLocation(e, await viewerRoleOf(e, ctx)),
    distanceKm: (e) =>
      e.distanceKm === undefined || e.distanceKm === null ? null : Math.round(e.distanceKm * 100) / 100,
    startsInMinutes: (e, _args, ctx) => minutesUntil(e.startsAt, ctx.now),
    participants: (e, _args, ctx) => ctx.loaders.participants.load(e.id),
  },
  Participant: {
    async user(p, _args, ctx) {
      const user = await ctx.loaders.user.load(p.userId);
      if (!user) throw new Error(`participant ${p.userId} missing`);
      return user;
    },
  },
};
