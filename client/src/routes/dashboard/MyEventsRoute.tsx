import { useMemo, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery, useReadQuery, type QueryRef } from '@apollo/client/react';
import { useLoaderData } from 'react-router-dom';
import type {
  EventStatus,
  MyEventsFilter,
  MyEventsListQuery,
  MyEventsListQueryVariables,
  MyEventsRouteQuery,
  MyEventsRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Select } from '#client/components/ui/Select.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { Tabs } from '#client/components/ui/Tabs.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDebouncedValue } from '#client/lib/useDebouncedValue.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { SocialProfileDialog } from '#client/routes/dashboard/SocialProfileDialog.tsx';
import { MessageDialog, type MessageTarget } from '#client/features/messages/MessageDialog.tsx';
import { MY_EVENT_CARD_FRAGMENT, MyEventCard } from '#client/features/events/MyEventCard.tsx';
import { JoinRequestsDialog } from '#client/features/join-requests/JoinRequestsDialog.tsx';
import {
  MANAGE_REQUESTS_BUTTON_FRAGMENT,
  ManageRequestsButton,
} from '#client/features/join-requests/ManageRequestsButton.tsx';
import {
  MY_EVENT_REQUEST_BADGES_FRAGMENT,
  MyEventRequestBadges,
} from '#client/features/join-requests/MyEventRequestBadges.tsx';
import { SearchField } from '#client/features/events/SearchField.tsx';
import { useOpenCreateEvent } from '#client/features/wizard/useCreateEventDialog.tsx';
import { DraftsList } from '#client/features/wizard/DraftsList.tsx';
import { ListLoadError } from '#client/features/events/ListStatus.tsx';

export const MY_EVENTS_ROUTE_QUERY: TypedDocumentNode<MyEventsRouteQuery, MyEventsRouteQueryVariables> = gql`
  query MyEventsRouteQuery {
    myEventCounts {
      total
      hosted
      attended
    }
  }
`;

export const MY_EVENTS_LIST_QUERY: TypedDocumentNode<MyEventsListQuery, MyEventsListQueryVariables> = gql`
  query MyEventsListQuery($filter: MyEventsFilter, $first: Int!, $after: String) {
    myEvents(filter: $filter, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          ...MyEventCard_event
          ...MyEventRequestBadges_event
          ...ManageRequestsButton_event
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${MY_EVENT_CARD_FRAGMENT}
  ${MY_EVENT_REQUEST_BADGES_FRAGMENT}
  ${MANAGE_REQUESTS_BUTTON_FRAGMENT}
`;

type Tab = 'active' | 'past' | 'draft';
const STATUSES: readonly EventStatus[] = ['UPCOMING', 'ONGOING', 'COMPLETED', 'CANCELLED'];
const PAGE_SIZE = 30;
const SEARCH_DEBOUNCE_MS = 300;

// Active: not ended yet; past: ended or cancelled. Drafts are the host's saved wizards (DraftsList).
export function myEventsFilter(
  tab: Exclude<Tab, 'draft'>,
  search: string,
  status: EventStatus | '',
): MyEventsFilter {
  return {
    active: tab === 'active',
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(status ? { status } : {}),
  };
}

export function loader() {
  const preload = getPreloader();
  // The first list starts with the counters; the component reads it from the cache.
  preload(MY_EVENTS_LIST_QUERY, {
    variables: { filter: myEventsFilter('active', '', ''), first: PAGE_SIZE },
    fetchPolicy: 'network-only',
  });
  return { queryRef: preload(MY_EVENTS_ROUTE_QUERY, { fetchPolicy: 'network-only' }) };
}

export function MyEventsRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <MyEvents queryRef={queryRef} />;
}

function MyEvents({ queryRef }: { queryRef: QueryRef<MyEventsRouteQuery> }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t('myEvents.title'));
  const { data } = useReadQuery(queryRef);
  const [tab, setTab] = useState<Tab>('active');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<EventStatus | ''>('');
  const [manageId, setManageId] = useState<string | null>(null);
  const [profile, setProfile] = useState<{ eventId: string; userId: string } | null>(null);
  const [messageTarget, setMessageTarget] = useState<MessageTarget | null>(null);

  const counts = data.myEventCounts;
  const counters = [
    { label: t('myEvents.total'), value: counts.total, testId: 'count-total' },
    { label: t('myEvents.hosted'), value: counts.hosted, testId: 'count-hosted' },
    { label: t('myEvents.attended'), value: counts.attended, testId: 'count-attended' },
  ];

  const list =
    tab === 'draft' ? null : (
      <EventList
        tab={tab}
        search={search}
        status={status}
        onClearFilters={() => {
          setSearchText('');
          setStatus('');
        }}
        onManage={setManageId}
      />
    );

  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('myEvents.title')}</h1>
        <p className="mt-1 text-ink-300">{t('myEvents.subtitle')}</p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {counters.map((counter) => (
          <Card key={counter.label} className="p-4">
            <dd className="text-2xl font-black text-white" data-testid={counter.testId}>
              {fmt.number(counter.value)}
            </dd>
            <dt className="text-xs text-ink-300 sm:text-sm">{counter.label}</dt>
          </Card>
        ))}
      </dl>
      {tab !== 'draft' ? (
        <div className="flex flex-col gap-3 sm:flex-row">
          <SearchField
            value={searchText}
            onChange={setSearchText}
            placeholder={t('myEvents.search')}
            clearLabel={t('filters.clear')}
            className="flex-1"
          />
          <Select
            label={t('myEvents.statusFilter')}
            hideLabel
            value={status}
            onChange={(e) => setStatus(e.target.value as EventStatus | '')}
            className="sm:w-56 [&_select]:h-12"
          >
            <option value="">{t('myEvents.status.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`myEvents.status.${s}`)}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <Tabs
        label={t('myEvents.tabs')}
        value={tab}
        onValueChange={(id) => setTab(id as Tab)}
        items={[
          { id: 'active', label: t('myEvents.tab.active'), content: tab === 'active' ? list : null },
          { id: 'past', label: t('myEvents.tab.past'), content: tab === 'past' ? list : null },
          {
            id: 'draft',
            label: t('myEvents.tab.draft'),
            content: tab === 'draft' ? <DraftsList /> : null,
          },
        ]}
      />
      <JoinRequestsDialog
        eventId={manageId}
        onClose={() => setManageId(null)}
        onOpenProfile={(eventId, userId) => setProfile({ eventId, userId })}
        onMessage={(eventId, user) =>
          setMessageTarget({ eventId, withUserId: user.id, name: user.displayName })
        }
      />
      <SocialProfileDialog
        userId={profile?.userId ?? null}
        eventId={profile?.eventId ?? null}
        onClose={() => setProfile(null)}
        onEventMessage={
          profile
            ? (user) =>
                setMessageTarget({ eventId: profile.eventId, withUserId: user.id, name: user.displayName })
            : undefined
        }
      />
      <MessageDialog target={messageTarget} onClose={() => setMessageTarget(null)} />
    </section>
  );
}

function EventList({
  tab,
  search,
  status,
  onClearFilters,
  onManage,
}: {
  tab: Exclude<Tab, 'draft'>;
  search: string;
  status: EventStatus | '';
  onClearFilters: () => void;
  onManage: (eventId: string) => void;
}) {
  const { t } = useI18n();
  const openCreate = useOpenCreateEvent();
  const variables = useMemo(
    () => ({ filter: myEventsFilter(tab, search, status), first: PAGE_SIZE }),
    [tab, search, status],
  );
  const { data, previousData, loading, error, refetch, fetchMore } = useQuery(MY_EVENTS_LIST_QUERY, {
    variables,
    // The loader reads the first list fresh on every visit; notifications and mutations keep it current.
    fetchPolicy: 'cache-first',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const shown = data ?? previousData;
  const events = shown?.myEvents.edges.map((edge) => edge.node) ?? [];
  const filtered = Boolean(search.trim() || status);

  const loadMore = async () => {
    const after = shown?.myEvents.pageInfo.endCursor;
    if (!after) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          myEvents: {
            ...fetchMoreResult.myEvents,
            edges: [...previous.myEvents.edges, ...fetchMoreResult.myEvents.edges],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  if (error && !shown)
    return <ListLoadError title={t('myEvents.loadFailed')} onRetry={() => void refetch()} />;
  if (!shown) {
    return (
      <p className="flex items-center gap-2 text-sm text-ink-300">
        <Spinner /> {t('common.loading')}
      </p>
    );
  }
  if (events.length === 0 && !loading) {
    if (filtered)
      return (
        <EmptyState
          emoji="🔍"
          title={t('myEvents.empty')}
          action={
            <Button variant="outline" onClick={onClearFilters}>
              {t('myEvents.clearFilters')}
            </Button>
          }
        />
      );
    return tab === 'active' ? (
      <EmptyState
        emoji="📅"
        title={t('myEvents.empty')}
        text={t('myEvents.emptyHint')}
        action={<Button onClick={() => openCreate()}>{t('header.createEvent')}</Button>}
      />
    ) : (
      <EmptyState emoji="🏁" title={t('myEvents.empty')} text={t('myEvents.emptyPast')} />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {loading ? (
        <p className="flex items-center gap-1.5 text-xs text-ink-300" aria-live="polite">
          <Spinner /> {t('myEvents.updating')}
        </p>
      ) : null}
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="my-events-list">
        {events.map((event) => (
          <li key={event.id}>
            <MyEventCard
              event={event}
              badges={<MyEventRequestBadges event={event} />}
              actions={<ManageRequestsButton event={event} onManage={onManage} />}
            />
          </li>
        ))}
      </ul>
      {shown.myEvents.pageInfo.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          loading={loadingMore}
          onClick={() => void loadMore()}
        >
          {t('myEvents.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
