import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { t, type MessageKey } from '#server/lib/i18n.ts';
import { badgeDef } from '#server/modules/badges/badges.catalog.ts';

const TEXT: Record<string, MessageKey> = {
  join_request_received: 'notification.joinRequestReceived',
  join_request_accepted: 'notification.joinRequestAccepted',
  join_request_declined: 'notification.joinRequestDeclined',
  join_request_withdrawn: 'notification.joinRequestWithdrawn',
  message_received: 'notification.messageReceived',
  event_cancelled: 'notification.eventCancelled',
  event_updated: 'notification.eventUpdated',
  badge_earned: 'notification.badgeEarned',
};

export const notificationsResolvers: Resolvers = {
  Query: {
    notifications: (_parent, args, ctx) => ctx.services.notifications.page(requireViewer(ctx), args),
    unreadNotificationCount: (_parent, _args, ctx) =>
      ctx.services.notifications.unreadCount(requireViewer(ctx)),
  },
  Mutation: {
    markNotificationsRead: async (_parent, { input }, ctx) => ({
      unreadCount: await ctx.services.notifications.markRead(requireViewer(ctx), input),
    }),
  },
  Subscription: {
    notificationAdded: {
      subscribe: (_parent, _args, ctx) => {
        const viewer = requireViewer(ctx);
        const rows = ctx.services.notifications.subscribe(viewer);
        // graphql-js wants each payload under the field's name.
        return (async function* () {
          for await (const row of rows) yield { notificationAdded: row };
        })();
      },
    },
  },
  Notification: {
    async text(n, _args, ctx) {
      const actor = n.actorId ? await ctx.loaders.user.load(n.actorId) : null;
      const data = n.data as Record<string, string | number | null>;
      return t(ctx.locale, TEXT[n.type], {
        title: String(data.title ?? ''),
        preview: String(data.preview ?? ''),
        badge: data.badgeId ? badgeDef(String(data.badgeId)).name[ctx.locale] : '',
        actor: actor?.displayName ?? 'Squad',
      });
    },
    event: (n, _args, ctx) => (n.eventId ? ctx.loaders.event.load(n.eventId) : null),
    actor: (n, _args, ctx) => (n.actorId ? ctx.loaders.user.load(n.actorId) : null),
    joinRequest: async (n, _args, ctx) =>
      n.joinRequestId ? ((await ctx.loaders.joinRequest.load(n.joinRequestId)) ?? null) : null,
  },
};
