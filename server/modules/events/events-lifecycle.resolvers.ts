import { requireViewer } from '#server/context/context.ts';
import { isHost } from '#server/auth/access.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { categoryOf, durationLabel, platformOf, tagOf } from './events.catalog.ts';
import { eventStatus } from './events.mappers.ts';

// Series (ADR 048), the host's automatic approval (ADR 045) and the public page (ADR 049).
export const eventsLifecycleResolvers: Resolvers = {
  Query: {
    async publicEvent(_parent, { id }, ctx) {
      const [event] = await ctx.services.events.byIds([id]);
      // A host hidden from discovery (suspended, reported) has no public pages meanwhile (ADR 039).
      if (!event || (event.hostHiddenUntil && event.hostHiddenUntil > ctx.now)) return null;
      return event;
    },
  },
  Event: {
    autoApproval: (e, _args, ctx) => (isHost(requireViewer(ctx), e) ? (e.autoApproval ?? null) : null),
    series: async (e, _args, ctx) =>
      e.seriesId ? ((await ctx.loaders.series.load(e.seriesId)) ?? null) : null,
    seriesIndex: (e) => e.seriesIndex ?? null,
    shareUrl: (e, _args, ctx) => `${ctx.config.publicUrl}/e/${e.id}`,
  },
  AutoApprovalRules: {
    verifiedEmail: (r) => r.verifiedEmail ?? false,
    friendsOnly: (r) => r.friendsOnly ?? false,
    sameCity: (r) => r.sameCity ?? false,
    minRating: (r) => r.minRating ?? null,
    minReliability: (r) => r.minReliability ?? null,
  },
  EventSeries: {
    occurrenceCount: (s) => s.occurrences,
    occurrences: async (s, _args, ctx) => {
      const rows = await ctx.services.events.occurrencesOf(s.id);
      for (const r of rows) ctx.loaders.event.prime(r.id, r);
      return rows;
    },
  },
  PublicEvent: {
    category: (e) => categoryOf(e.category, e.mode),
    tags: (e) => e.tags.map(tagOf),
    date: (e) => toTurkeyDateTime(e.startsAt).date,
    time: (e) => toTurkeyDateTime(e.startsAt).time,
    durationLabel: (e, _args, ctx) => durationLabel(e.durationMinutes, ctx.locale),
    publicLocation: (e) => (e.mode === 'physical' ? e.publicLocation : null),
    platform: (e) => (e.platform === null ? null : platformOf(e.platform)),
    status: (e, _args, ctx) => eventStatus(e, ctx.now),
    hostName: async (e, _args, ctx) => (await ctx.loaders.user.load(e.hostId))?.displayName ?? 'Squad',
    imageUrl: (e, _args, ctx) => `${ctx.config.publicUrl}/e/${e.id}/og.png`,
    appPath: (e) => `/dashboard/eventDetails/${e.id}`,
  },
};
