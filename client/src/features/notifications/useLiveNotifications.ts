import { gql, type TypedDocumentNode } from '@apollo/client';
import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import type {
  LiveCountsQuery,
  LiveCountsQueryVariables,
  NotificationAddedSubscription,
  NotificationAddedSubscriptionVariables,
} from '#client/__generated__/graphql.ts';
import { refetchActive } from '#client/apollo/refetchActive.ts';
import { useSocketReconnected } from '#client/apollo/socketEvents.ts';
import { useToast } from '#client/components/ui/Toast.tsx';
import {
  countsAfterNotification,
  queriesToRefresh,
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

const toCounts = (data: LiveCountsQuery | undefined | null): LiveCounts => ({
  unread: data?.unreadNotificationCount ?? 0,
  hostPending: data?.hostPendingRequestCount ?? 0,
});

// Subscribed once, in the dashboard shell: each notification moves the badges, shows a toast and
// refreshes the screens it concerns; after a reconnect the counts are read again.
export function useLiveNotifications(enabled: boolean): LiveCounts {
  const client = useApolloClient();
  const toast = useToast();
  const { data, refetch } = useQuery(LIVE_COUNTS_QUERY, { skip: !enabled });

  useSubscription(NOTIFICATION_ADDED_SUBSCRIPTION, {
    skip: !enabled,
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
      toast.show(toastKind(notification.type), notification.text, { durationMs: 6000 });
      refetchActive(apollo, [...queriesToRefresh(notification.type), 'NotificationListQuery']);
      // The exact numbers follow (another tab may have decided or read something meanwhile).
      void refetch().catch(() => undefined);
    },
  });

  useSocketReconnected(() => {
    if (!enabled) return;
    void refetch().catch(() => undefined);
    refetchActive(client, ['NotificationListQuery', 'RequestsPanelQuery', 'MyEventsListQuery']);
  });

  return toCounts(data);
}
