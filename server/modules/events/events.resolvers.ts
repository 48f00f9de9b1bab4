import type { EventRow } from '#db/schema/index.ts';
import type { Context } from '#server/context/context.ts';
import { requireViewer } from '#server/context/context.ts';
import { notFound } from '#server/errors/app-error.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import type { GameType } from '#server/modules/enum-values.ts';
import { isHost, roleOf, visibleEvent, type ViewerRole } from '#server/auth/access.ts';
import { pageSize } from '#server/lib/paging.ts';
import {
  eventLocation,
  eventStatus,
  minutesUntil,
  timeLeftText,
  type EventFields,
} from './events.mappers.ts';
import { loadReferenced } from '#server/context/loaders.ts';
import { EVENT_CREATION_COST } from '#server/modules/tokens/tokens.packages.ts';
import { JOIN_MESSAGE_MAX } from '#server/modules/join-requests/join-requests.service.ts';
import { categoryOf, durationLabel, EVENT_LIMITS, platformOf, tagOf } from './events.catalog.ts';

// The access module's rule; the host needs no look-up.
export async function viewerRoleOf(event: EventFields, ctx: Context): Promise<ViewerRole> {
  const viewer = requireViewer(ctx);
  return roleOf(
    viewer,
    event,
    isHost(viewer, event) ? undefined : (await ctx.loaders.viewerStanding.load(event.id)).relation,
  );
}

// Only a completed event can have ratings (ratings.service: rating opens when the event is over, and a
// completed event can be neither cancelled nor moved), so lists of upcoming events ask nothing.
const NO_RATINGS = { average: null, count: 0 };
function ratingOf(e: EventFields, ctx: Context) {
  return eventStatus(e, ctx.now) === 'completed'
    ? ctx.loaders.eventRating.load(e.id)
    : Promise.resolve(NO_RATINGS);
}

// Who may open an event: the access rule with the block check and the viewer's relation.
export async function visibleToViewer(event: EventRow | null | undefined, ctx: Context) {
  return visibleEvent(event, requireViewer(ctx), {
    blockedBetween: ctx.services.safety.blockedBetween,
    relation: async (eventId) => (await ctx.loaders.viewerStanding.load(eventId)).relation,
  });
}

export const eventsResolvers: Resolvers = {
  Query: {
    event: async (_parent, { id }, ctx) => visibleToViewer(await ctx.loaders.event.load(id), ctx),
    events: (_parent, args, ctx) => ctx.services.events.list(requireViewer(ctx), args),
    lobbyStats: (_parent, _args, ctx) => ctx.services.events.lobbyStats(),
    myEvents: (_parent, args, ctx) => ctx.services.events.mine(requireViewer(ctx), args),
    myEventCounts: (_parent, _args, ctx) => ctx.services.events.mineCounts(requireViewer(ctx)),
    eventCatalog: (_parent, _args, ctx) => ({
      ...ctx.services.events.catalog(),
      limits: { ...EVENT_LIMITS, joinMessageMax: JOIN_MESSAGE_MAX, creationCost: EVENT_CREATION_COST },
    }),
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
    async updateEvent(_parent, { input }, ctx) {
      const event = await ctx.services.events.updateEvent(requireViewer(ctx), input);
      ctx.loaders.event.clear(event.id).prime(event.id, event);
      return { event };
    },
    async cancelEvent(_parent, { input }, ctx) {
      const viewer = requireViewer(ctx);
      const { event, tokenRefunded, balanceAfter } = await ctx.services.events.cancelEvent(viewer, input);
      ctx.loaders.event.clear(event.id).prime(event.id, event);
      ctx.loaders.user.clear(viewer.id);
      const host = (await ctx.loaders.user.load(viewer.id))!;
      return {
        event,
        tokenRefunded,
        viewer: balanceAfter === null ? host : { ...host, tokenBalance: balanceAfter },
      };
    },
    async saveEvent(_parent, { input }, ctx) {
      const event = await ctx.services.events.save(requireViewer(ctx), input.id, true);
      ctx.loaders.saveCount.clear(event.id);
      ctx.loaders.viewerSaved.clear(event.id);
      return { event };
    },
    async unsaveEvent(_parent, { input }, ctx) {
      const event = await ctx.services.events.save(requireViewer(ctx), input.id, false);
      ctx.loaders.saveCount.clear(event.id);
      ctx.loaders.viewerSaved.clear(event.id);
      return { event };
    },
    recordEventView: async (_parent, { input }, ctx) => ({
      counted: await ctx.services.events.recordView(requireViewer(ctx), input.id),
    }),
    recordEventShare: async (_parent, { input }, ctx) => ({
      counted: await ctx.services.events.recordShare(requireViewer(ctx), input.id, input.channel),
    }),
  },
  Subscription: {
    eventChanged: {
      async subscribe(_parent, { id }, ctx) {
        const [found] = await ctx.services.events.byIds([id]);
        const event = await visibleToViewer(found, ctx);
        if (!event) throw notFound('error.eventNotFound');
        const changes = await ctx.services.events.subscribeChanges(event.id);
        return (async function* () {
          try {
            for await (const change of changes) {
              const [fresh] = await ctx.services.events.byIds([change.eventId]);
              if (fresh) yield { eventChanged: fresh };
            }
          } finally {
            await changes.return();
          }
        })();
      },
    },
  },
  EventConnection: {
    totalCount: (connection) => connection.totalCount(),
  },
  User: {
    activity: (u, { first }, ctx) =>
      u.deletedAt ? [] : ctx.services.events.activityOf(requireViewer(ctx), u.id, pageSize(first, 3)),
    eventsInCommon: async (u, { first }, ctx) => {
      const ids = await ctx.services.users.eventsInCommon(requireViewer(ctx), u.id, pageSize(first, 5));
      const rows = await Promise.all(ids.map((id) => ctx.loaders.event.load(id)));
      return rows.filter((e) => e !== null);
    },
  },
  EventCategory: {
    label: (c, _args, ctx) => c.label[ctx.locale],
    tags: (c) => c.tags.map(tagOf),
  },
  EventTag: {
    label: (t, _args, ctx) => t.label[ctx.locale],
  },
  EventPlatform: {
    label: (p, _args, ctx) => p.label[ctx.locale],
  },
  DurationOption: {
    label: (d, _args, ctx) => durationLabel(d.minutes, ctx.locale),
  },
  Event: {
    category: (e) => categoryOf(e.category, e.mode),
    tags: (e) => e.tags.map(tagOf),
    platform: (e) => (e.platform === null ? null : platformOf(e.platform)),
    durationLabel: (e, _args, ctx) => durationLabel(e.durationMinutes, ctx.locale),
    date: (e) => toTurkeyDateTime(e.startsAt).date,
    time: (e) => toTurkeyDateTime(e.startsAt).time,
    freeSlots: (e) => Math.max(0, e.maxParticipants - e.participantCount),
    status: (e, _args, ctx) => eventStatus(e, ctx.now),
    viewerRole: (e, _args, ctx) => viewerRoleOf(e, ctx),
    host: (e, _args, ctx) => loadReferenced(ctx.loaders.user, e.hostId, `host of event ${e.id}:`),
    location: async (e, _args, ctx) => eventLocation(e, await viewerRoleOf(e, ctx)),
    distanceKm: (e) =>
      e.distanceKm === undefined || e.distanceKm === null ? null : Math.round(e.distanceKm * 100) / 100,
    startsInMinutes: (e, _args, ctx) => minutesUntil(e.startsAt, ctx.now),
    // The row's count is kept with the participant rows (same transaction): no look-up for none.
    participants: (e, _args, ctx) => (e.participantCount === 0 ? [] : ctx.loaders.participants.load(e.id)),
    timeLeft: (e, _args, ctx) => timeLeftText(e, ctx.now, ctx.locale),
    averageRating: async (e, _args, ctx) => (await ratingOf(e, ctx)).average,
    feedbackCount: async (e, _args, ctx) => (await ratingOf(e, ctx)).count,
    gameType: (e) => (e.gameType as GameType | null) ?? null,
    featured: (e, _args, ctx) => e.featured ?? ctx.loaders.hostFeatured.load(e.hostId),
    saveCount: (e, _args, ctx) => ctx.loaders.saveCount.load(e.id),
    viewerHasSaved: (e, _args, ctx) => ctx.loaders.viewerSaved.load(e.id),
    analytics: (e, _args, ctx) => ctx.services.events.analytics(requireViewer(ctx), e),
  },
  Participant: {
    user: (p, _args, ctx) => loadReferenced(ctx.loaders.user, p.userId, 'participant'),
  },
};
