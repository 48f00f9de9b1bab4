import type { ApolloCache, TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import type {
  LiveCountsQuery,
  LiveCountsQueryVariables,
  NotificationAddedSubscription,
  NotificationAddedSubscriptionVariables,
} from '#client/__generated__/graphql.ts';
import {
  evictEvent,
  evictEventFields,
  evictFieldsOfEveryEvent,
  evictRootFields,
  evictUserFields,
  type RootField,
} from '#client/apollo/cacheEvictions.ts';
import { useSocketConnected, useSocketReconnected } from '#client/apollo/socketEvents.ts';
import { useToast } from '#client/components/ui/Toast.tsx';
import {
  countsAfterNotification,
  staleAfterNotification,
  toastKind,
  type LiveCounts,
} from '#client/features/notifications/liveCounts.ts';

export const LIVE_COUNTS_QUERY: TypedDocumentNode<LiveCountsQuery, LiveCountsQueryVariables> = gql`
  query LiveCountsQuery {
    unreadNotificationCount
    hostPendingRequestCount
  }
`;

// The event and request fields a notification changes are selected here, so the cached event (the
// viewer's role and request, the counts) is current at once on every screen that shows it.
export const NOTIFICATION_ADDED_SUBSCRIPTION: TypedDocumentNode<
  NotificationAddedSubscription,
  NotificationAddedSubscriptionVariables
> = gql`
  subscription NotificationAddedSubscription {
    notificationAdded {
      id
      type
      text
      createdAt
      readAt
      link
      event {
        id
        title
        status
        viewerRole
        participantCount
        freeSlots
        pendingRequestCount
      }
      actor {
        id
        displayName
        avatarUrl
      }
      joinRequest {
        id
        status
        declinedByCheck
        decidedAt
      }
    }
  }
`;

type Notification = NotificationAddedSubscription['notificationAdded'];

// The payload has already updated the event and the request by id; what it cannot carry is evicted,
// so the screens showing it read it again: the event's request lists, its place and participants or
// the whole event, My Events, open conversations, and always the notification list.
function evictStale(cache: ApolloCache, notification: Notification) {
  const stale = staleAfterNotification(notification.type);
  const eventId = notification.event?.id;
  if (eventId && stale.includes('hostRequests')) evictEventFields(cache, eventId, ['joinRequests']);
  if (eventId && stale.includes('eventAccess'))
    evictEventFields(cache, eventId, ['location', 'participants']);
  if (eventId && stale.includes('event')) evictEvent(cache, eventId);
  const roots: RootField[] = ['notifications'];
  if (stale.includes('myEvents')) roots.push('myEvents', 'myEventCounts');
  if (stale.includes('conversations')) roots.push('conversation');
  if (stale.includes('tokens')) roots.push('tokenLedger', 'tokenPurchases', 'earning');
  if (stale.includes('standing')) roots.push('accountStanding');
  if (stale.includes('friendRequests')) roots.push('friendRequests');
  if (stale.includes('friends')) {
    roots.push('friends', 'friendsEvents');
    evictFieldsOfEveryEvent(cache, ['friendsGoing']);
  }
  // The other user's relation to the viewer (their profile's buttons).
  if ((stale.includes('friendRequests') || stale.includes('friends')) && notification.actor)
    evictUserFields(cache, notification.actor.id, ['friendship', 'mutualFriendCount', 'viewerCanMessage']);
  evictRootFields(cache, roots);
}

const toCounts = (data: LiveCountsQuery | undefined | null): LiveCounts => ({
  unread: data?.unreadNotificationCount ?? 0,
  hostPending: data?.hostPendingRequestCount ?? 0,
});

// Subscribed once, by the dashboard shell once the account is known: each notification moves the
// badges (the counts in the cache, which the shell's query reads), shows a toast and refreshes the
// screens it concerns. The counts are read again once the socket is up, the first connection too (a push
// sent before the subscription listened is lost); pushes sent while the socket was down are lost too, so
// after a reconnect the notification list, My Events and the events' request lists are read again.
export function useLiveNotifications(): void {
  const client = useApolloClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { refetch } = useQuery(LIVE_COUNTS_QUERY);

  useSubscription(NOTIFICATION_ADDED_SUBSCRIPTION, {
    onData: ({ client: apollo, data: result }) => {
      const notification = result.data?.notificationAdded;
      if (!notification) return;
      apollo.cache.updateQuery({ query: LIVE_COUNTS_QUERY }, (previous) => {
        if (!previous) return previous;
        const next = countsAfterNotification(toCounts(previous), notification);
        return {
          ...previous,
          unreadNotificationCount: next.unread,
          hostPendingRequestCount: next.hostPending,
        };
      });
      const kind = toastKind(notification.type);
      const link = notification.link?.startsWith('/') ? notification.link : null;
      // A click on the toast leads where the notification does (the request, the event, …).
      if (kind)
        toast.show(kind, notification.text, {
          durationMs: 6000,
          onClick: link ? () => void navigate(link) : undefined,
        });
      evictStale(apollo.cache, notification);
      // The exact numbers follow (another tab may have decided or read something meanwhile).
      void refetch().catch(() => undefined);
    },
  });

  useSocketConnected(() => void refetch().catch(() => undefined));
  useSocketReconnected(() => {
    evictFieldsOfEveryEvent(client.cache, ['joinRequests']);
    evictRootFields(client.cache, ['notifications', 'myEvents']);
  });
}
