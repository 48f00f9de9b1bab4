import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery, useReadQuery, type QueryRef } from '@apollo/client/react';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import type {
  FriendRequestsQuery,
  FriendRequestsQueryVariables,
  FriendsEventsQuery,
  FriendsEventsQueryVariables,
  FriendsListQuery,
  FriendsListQueryVariables,
  FriendsRouteQuery,
  FriendsRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { Tabs } from '#client/components/ui/Tabs.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { FRIENDS_LIST_FRAGMENT, FriendsList } from '#client/features/friends/FriendsList.tsx';
import {
  FRIEND_REQUESTS_LIST_FRAGMENT,
  FriendRequestsList,
} from '#client/features/friends/FriendRequestsList.tsx';
import { LOBBY_EVENT_CARD_FRAGMENT, LobbyEventCard } from '#client/features/events/LobbyEventCard.tsx';
import {
  PHYSICAL_EVENT_CARD_FRAGMENT,
  PhysicalEventCard,
} from '#client/features/events/PhysicalEventCard.tsx';
import { ListLoadError } from '#client/features/events/ListStatus.tsx';
import { useOpenDirectConversation } from '#client/features/messages/useOpenDirectConversation.ts';
import { SocialProfileDialog } from '#client/routes/dashboard/SocialProfileDialog.tsx';

export const FRIENDS_ROUTE_QUERY: TypedDocumentNode<FriendsRouteQuery, FriendsRouteQueryVariables> = gql`
  query FriendsRouteQuery {
    me {
      id
    }
  }
`;

// The three lists are read with useQuery (the loader starts them): a friendship action evicts them by
// field, and they are read again while what is on screen stays.
export const FRIENDS_LIST_QUERY: TypedDocumentNode<FriendsListQuery, FriendsListQueryVariables> = gql`
  query FriendsListQuery($after: String) {
    friends(first: 20, after: $after) {
      nodes {
        ...FriendsList_friend
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${FRIENDS_LIST_FRAGMENT}
`;

export const FRIEND_REQUESTS_QUERY: TypedDocumentNode<FriendRequestsQuery, FriendRequestsQueryVariables> =
  gql`
    query FriendRequestsQuery {
      friendRequests {
        ...FriendRequestsList_requests
      }
    }
    ${FRIEND_REQUESTS_LIST_FRAGMENT}
  `;

export const FRIENDS_EVENTS_QUERY: TypedDocumentNode<FriendsEventsQuery, FriendsEventsQueryVariables> = gql`
  query FriendsEventsQuery {
    friendsEvents(first: 20) {
      event {
        id
        mode
        ...PhysicalEventCard_event
        ...LobbyEventCard_event
      }
    }
  }
  ${PHYSICAL_EVENT_CARD_FRAGMENT}
  ${LOBBY_EVENT_CARD_FRAGMENT}
`;

type Tab = 'friends' | 'requests' | 'events';
const TABS: readonly Tab[] = ['friends', 'requests', 'events'];

export function loader() {
  const preload = getPreloader();
  preload(FRIENDS_LIST_QUERY, { fetchPolicy: 'network-only' });
  preload(FRIEND_REQUESTS_QUERY, { fetchPolicy: 'network-only' });
  return { queryRef: preload(FRIENDS_ROUTE_QUERY) };
}

export function FriendsRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <Friends queryRef={queryRef} />;
}

// /dashboard/friends: tabs Arkadaşlar, İstekler (?tab=requests, where friend request notifications
// lead) and Arkadaşların etkinlikleri; names open the profile dialog, 'Mesaj' the direct conversation.
function Friends({ queryRef }: { queryRef: QueryRef<FriendsRouteQuery> }) {
  const { t } = useI18n();
  useDocumentTitle(t('friends.title'));
  useReadQuery(queryRef);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : 'friends';
  const [profileId, setProfileId] = useState<string | null>(null);
  const requests = useQuery(FRIEND_REQUESTS_QUERY, { fetchPolicy: 'cache-first' });
  const incoming = (requests.data ?? requests.previousData)?.friendRequests.incoming.length ?? 0;

  return (
    <section className="flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('friends.title')}</h1>
        <p className="mt-1 text-ink-300">{t('friends.subtitle')}</p>
      </div>
      <Tabs
        label={t('friends.tabs')}
        value={tab}
        onValueChange={(id) =>
          setParams(
            (p) => {
              p.set('tab', id);
              return p;
            },
            { replace: true },
          )
        }
        items={[
          {
            id: 'friends',
            label: t('friends.tab.friends'),
            content: tab === 'friends' ? <FriendsTab onOpenProfile={setProfileId} /> : null,
          },
          {
            id: 'requests',
            label:
              incoming > 0 ? t('friends.tab.requestsCount', { count: incoming }) : t('friends.tab.requests'),
            content:
              tab === 'requests' ? <RequestsTab query={requests} onOpenProfile={setProfileId} /> : null,
          },
          {
            id: 'events',
            label: t('friends.tab.events'),
            content: tab === 'events' ? <EventsTab /> : null,
          },
        ]}
      />
      <SocialProfileDialog userId={profileId} onClose={() => setProfileId(null)} />
    </section>
  );
}

function Loading() {
  const { t } = useI18n();
  return (
    <p className="flex items-center gap-2 text-sm text-ink-300">
      <Spinner /> {t('common.loading')}
    </p>
  );
}

function FriendsTab({ onOpenProfile }: { onOpenProfile: (userId: string) => void }) {
  const { t } = useI18n();
  const { data, previousData, error, refetch, fetchMore } = useQuery(FRIENDS_LIST_QUERY, {
    fetchPolicy: 'cache-first',
  });
  const { open } = useOpenDirectConversation();
  const [messaging, setMessaging] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const shown = data ?? previousData;
  if (!shown)
    return error ? (
      <ListLoadError title={t('friends.loadFailed')} onRetry={() => void refetch()} />
    ) : (
      <Loading />
    );
  const { nodes, pageInfo } = shown.friends;
  if (nodes.length === 0)
    return <EmptyState emoji="🤝" title={t('friends.empty')} text={t('friends.emptyText')} />;
  return (
    <div className="flex flex-col gap-4">
      <FriendsList
        friends={nodes}
        onOpenProfile={onOpenProfile}
        messaging={messaging}
        onMessage={(userId) => {
          setMessaging(userId);
          void open(userId).finally(() => setMessaging(null));
        }}
      />
      {pageInfo.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          loading={loadingMore}
          onClick={() => {
            setLoadingMore(true);
            void fetchMore({ variables: { after: pageInfo.endCursor } }).finally(() => setLoadingMore(false));
          }}
        >
          {t('friends.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

function RequestsTab({
  query,
  onOpenProfile,
}: {
  query: ReturnType<typeof useQuery<FriendRequestsQuery, FriendRequestsQueryVariables>>;
  onOpenProfile: (userId: string) => void;
}) {
  const { t } = useI18n();
  const shown = query.data ?? query.previousData;
  if (!shown)
    return query.error ? (
      <ListLoadError title={t('friends.loadFailed')} onRetry={() => void query.refetch()} />
    ) : (
      <Loading />
    );
  return <FriendRequestsList requests={shown.friendRequests} onOpenProfile={onOpenProfile} />;
}

function EventsTab() {
  const { t } = useI18n();
  const { data, previousData, error, refetch } = useQuery(FRIENDS_EVENTS_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  const shown = data ?? previousData;
  if (!shown)
    return error ? (
      <ListLoadError title={t('friends.loadFailed')} onRetry={() => void refetch()} />
    ) : (
      <Loading />
    );
  if (shown.friendsEvents.length === 0)
    return <EmptyState emoji="🗓️" title={t('friends.events.empty')} text={t('friends.events.emptyText')} />;
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="friends-events">
      {shown.friendsEvents.map(({ event }) => (
        <li key={event.id}>
          {event.mode === 'ONLINE' ? <LobbyEventCard event={event} /> : <PhysicalEventCard event={event} />}
        </li>
      ))}
    </ul>
  );
}
