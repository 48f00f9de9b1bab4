import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { t, type Locale, type MessageKey } from '#server/lib/i18n.ts';
import { packageById } from '#server/modules/tokens/tokens.packages.ts';
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
  tokens_earned: 'notification.tokensEarned',
  purchase_completed: 'notification.purchasePaid',
  moderation_warning: 'notification.moderationWarning',
  content_removed: 'notification.contentRemoved',
  account_restored: 'notification.accountRestored',
  friend_request_received: 'notification.friendRequestReceived',
  friend_request_accepted: 'notification.friendRequestAccepted',
  waitlist_offer: 'notification.waitlistOffer',
  waitlist_offer_expired: 'notification.waitlistOfferExpired',
  safety_check: 'notification.safetyCheck',
};

// Where each kind of notification leads in the SPA (ADR 042).
export function linkOf(n: {
  type: string;
  eventId: string | null;
  data: Record<string, unknown>;
}): string | null {
  const event = n.eventId ? `/dashboard/eventDetails/${n.eventId}` : null;
  switch (n.type) {
    case 'join_request_received':
    case 'join_request_withdrawn':
      return event && `${event}?tab=requests`;
    case 'join_request_accepted':
    case 'join_request_declined':
    case 'event_cancelled':
    case 'event_updated':
    case 'event_reminder':
    case 'waitlist_offer':
    case 'waitlist_offer_expired':
    case 'safety_check':
      return event;
    case 'message_received':
      return typeof n.data.conversationId === 'string' ? `/dashboard/inbox/${n.data.conversationId}` : event;
    case 'badge_earned':
      return '/dashboard/profile?tab=badges';
    case 'tokens_earned':
    case 'purchase_completed':
      return '/dashboard/tokens';
    case 'moderation_warning':
    case 'content_removed':
    case 'appeal_decided':
    case 'account_restored':
      return '/dashboard/settings#standing';
    case 'friend_request_received':
      return '/dashboard/friends?tab=requests';
    case 'friend_request_accepted':
      return '/dashboard/friends';
    default:
      return null;
  }
}

// Moderation outcomes (ADR 039): the reporter learns whether something was done, the appellant the
// decision and the moderator's note.
function moderationText(type: string, data: Record<string, unknown>, locale: Locale): string | null {
  if (type === 'report_resolved')
    return t(
      locale,
      data.outcome === 'no_violation'
        ? 'notification.reportResolved.no_violation'
        : 'notification.reportResolved.action_taken',
    );
  if (type === 'appeal_decided')
    return t(locale, data.overturned ? 'notification.appealOverturned' : 'notification.appealUpheld', {
      note: str(data.note),
    });
  return null;
}

// Reminders (ADR 046): when, time and the place this recipient may see, stored with the notification.
function lifecycleText(type: string, data: Record<string, unknown>, locale: Locale): string | null {
  if (type === 'event_reminder') {
    const when = data.when === 'inOneHour' ? 'inOneHour' : data.when === 'today' ? 'today' : 'tomorrow';
    return t(locale, 'notification.reminder', {
      when: t(locale, `reminder.${when}`),
      title: str(data.title),
      time: str(data.time),
      place: str(data.place),
    });
  }
  if (type === 'join_request_accepted' && data.waitlisted)
    return t(locale, 'notification.waitlisted', { title: str(data.title) });
  return null;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

function tokensEarnedText(data: Record<string, unknown>, locale: Locale) {
  const kind = str(data.kind);
  const params = { title: str(data.title), month: str(data.month), name: str(data.name) };
  const cause =
    kind === 'referral'
      ? t(locale, 'ledger.referral', params)
      : t(
          locale,
          `ledger.earned.${kind === 'five_star' || kind === 'challenge' ? kind : 'participation'}`,
          params,
        );
  return t(locale, 'notification.tokensEarned', { amount: str(data.amount), cause });
}

function purchaseText(data: Record<string, unknown>, locale: Locale) {
  const pkg = packageById(str(data.packageId))?.name ?? str(data.packageId);
  const paid = data.outcome === 'paid';
  const key = data.autoRefill
    ? paid
      ? 'notification.autoRefillPaid'
      : 'notification.autoRefillFailed'
    : paid
      ? 'notification.purchasePaid'
      : 'notification.purchaseFailed';
  return t(locale, key, { package: pkg, tokens: str(data.tokens) });
}

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
      const data = n.data as Record<string, string | number | boolean | null>;
      if (n.type === 'tokens_earned') return tokensEarnedText(data, ctx.locale);
      if (n.type === 'purchase_completed') return purchaseText(data, ctx.locale);
      const moderation = moderationText(n.type, data, ctx.locale) ?? lifecycleText(n.type, data, ctx.locale);
      if (moderation) return moderation;
      return t(ctx.locale, TEXT[n.type], {
        title: String(data.title ?? ''),
        preview: String(data.preview ?? ''),
        badge: data.badgeId ? badgeDef(String(data.badgeId)).name[ctx.locale] : '',
        actor: actor?.displayName ?? 'Squad',
        reason: String(data.reason ?? ''),
        deadline: String(data.deadline ?? ''),
        time: String(data.time ?? ''),
      });
    },
    event: (n, _args, ctx) => (n.eventId ? ctx.loaders.event.load(n.eventId) : null),
    link: (n) => linkOf(n),
    actor: (n, _args, ctx) => (n.actorId ? ctx.loaders.user.load(n.actorId) : null),
    joinRequest: async (n, _args, ctx) =>
      n.joinRequestId ? ((await ctx.loaders.joinRequest.load(n.joinRequestId)) ?? null) : null,
  },
};
