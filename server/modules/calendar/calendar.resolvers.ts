import { requireViewer } from '#server/context/context.ts';
import { AppError, ErrorCode } from '#server/errors/app-error.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { isHost, roleOf } from '#server/auth/access.ts';
import type { EventRow } from '#db/schema/index.ts';

export const calendarResolvers: Resolvers = {
  Mutation: {
    async resetCalendarFeed(_parent, { input }, ctx) {
      if (!input.revoke) throw new AppError(ErrorCode.BAD_USER_INPUT, 'error.badInput');
      return { calendarFeedUrl: await ctx.services.calendar.resetFeed(requireViewer(ctx)) };
    },
  },
  Event: {
    // The access module's rule: the host, else the viewer's relation (one batched look-up).
    calendarLinks: async (e, _args, ctx) => {
      const viewer = requireViewer(ctx);
      const relation = isHost(viewer, e) ? undefined : (await ctx.loaders.viewerStanding.load(e.id)).relation;
      return { event: e as EventRow, role: roleOf(viewer, e, relation) };
    },
  },
  CalendarLinks: {
    ics: (l, _args, ctx) => `${ctx.config.publicUrl}/calendar/events/${l.event.id}.ics`,
    google: (l, _args, ctx) => ctx.services.calendar.links(l.event, l.role).google,
    outlook: (l, _args, ctx) => ctx.services.calendar.links(l.event, l.role).outlook,
  },
};
