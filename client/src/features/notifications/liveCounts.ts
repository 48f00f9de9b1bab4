import type { NotificationType } from '#client/__generated__/graphql.ts';
import type { ToastKind } from '#client/components/ui/Toast.tsx';

// The header's two live badges: unread notifications (the bell) and the requests waiting for the
// viewer's decision across the events they host (My Events).
export type LiveCounts = { unread: number; hostPending: number };

export type IncomingNotification = { type: NotificationType; readAt: string | null };

// A pushed notification moves the badges at once; the counts are read again from the server right
// after, so this only has to be right for the common case.
export function countsAfterNotification(counts: LiveCounts, n: IncomingNotification): LiveCounts {
  return {
    unread: n.readAt ? counts.unread : counts.unread + 1,
    hostPending:
      n.type === 'JOIN_REQUEST_RECEIVED'
        ? counts.hostPending + 1
        : n.type === 'JOIN_REQUEST_WITHDRAWN'
          ? Math.max(0, counts.hostPending - 1)
          : counts.hostPending,
  };
}

// A host's decision takes one request off the badge.
export function countsAfterDecision(counts: LiveCounts): LiveCounts {
  return { ...counts, hostPending: Math.max(0, counts.hostPending - 1) };
}

// null: no toast (a new message is toasted by the live inbox, which knows whether the user is looking
// at its conversation).
const TOAST: Record<NotificationType, ToastKind | null> = {
  JOIN_REQUEST_RECEIVED: 'info',
  JOIN_REQUEST_ACCEPTED: 'success',
  JOIN_REQUEST_DECLINED: 'error',
  JOIN_REQUEST_WITHDRAWN: 'info',
  MESSAGE_RECEIVED: null,
  FRIEND_REQUEST_RECEIVED: 'info',
  FRIEND_REQUEST_ACCEPTED: 'success',
  EVENT_CANCELLED: 'error',
  EVENT_UPDATED: 'info',
  BADGE_EARNED: 'success',
  TOKENS_EARNED: 'success',
  PURCHASE_COMPLETED: 'info',
  MODERATION_WARNING: 'error',
  CONTENT_REMOVED: 'error',
  REPORT_RESOLVED: 'info',
  APPEAL_DECIDED: 'info',
  ACCOUNT_RESTORED: 'success',
  EVENT_REMINDER: 'info',
  WAITLIST_OFFER: 'success',
  WAITLIST_OFFER_EXPIRED: 'info',
  SAFETY_CHECK: 'info',
};

export function toastKind(type: NotificationType): ToastKind | null {
  return TOAST[type];
}

// What a notification leaves stale beyond what its payload updates by id (the event's role, counts and
// state, the request's status): the host's request lists of the event, what a requester may see of it
// once decided (exact place, participants), the whole event once edited or cancelled, My Events' lists
// and counters, open conversations, friend requests and lists (and, once a friendship begins, the
// relation to the other user and which friends go to which events). The live hook evicts those.
export type StaleData =
  | 'hostRequests'
  | 'eventAccess'
  | 'event'
  | 'myEvents'
  | 'conversations'
  | 'tokens'
  | 'standing'
  | 'friendRequests'
  | 'friends';

export function staleAfterNotification(type: NotificationType): readonly StaleData[] {
  switch (type) {
    case 'JOIN_REQUEST_RECEIVED':
    case 'JOIN_REQUEST_WITHDRAWN':
      return ['hostRequests'];
    case 'JOIN_REQUEST_ACCEPTED':
    case 'JOIN_REQUEST_DECLINED':
      return ['eventAccess', 'myEvents'];
    case 'MESSAGE_RECEIVED':
      return ['conversations'];
    case 'FRIEND_REQUEST_RECEIVED':
      return ['friendRequests'];
    case 'FRIEND_REQUEST_ACCEPTED':
      return ['friendRequests', 'friends'];
    case 'EVENT_CANCELLED':
    case 'EVENT_UPDATED':
      return ['event', 'myEvents'];
    case 'BADGE_EARNED':
    case 'REPORT_RESOLVED':
      return [];
    // What moderation did shows on the account's standing (settings); a removal may touch an event.
    case 'MODERATION_WARNING':
    case 'APPEAL_DECIDED':
    case 'ACCOUNT_RESTORED':
      return ['standing'];
    case 'CONTENT_REMOVED':
      return ['standing', 'event', 'myEvents'];
    // The balance arrives on its own subscription; the Tokens screen's lists are read again.
    case 'TOKENS_EARNED':
    case 'PURCHASE_COMPLETED':
      return ['tokens'];
    // A waitlist offer or its end changes the viewer's request on the event and My Events.
    case 'WAITLIST_OFFER':
    case 'WAITLIST_OFFER_EXPIRED':
      return ['eventAccess', 'myEvents'];
    case 'EVENT_REMINDER':
    case 'SAFETY_CHECK':
      return [];
  }
}
