import { useMemo, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery, useReadQuery, type QueryRef } from '@apollo/client/react';
import { useLoaderData } from 'react-router-dom';
import type {
  OnlineLobbyQuery,
  OnlineLobbyQueryVariables,
  OnlineEventsRouteQuery,
  OnlineEventsRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { ListLoadError, ListUpdating } from '#client/features/events/ListStatus.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDebouncedValue } from '#client/lib/useDebouncedValue.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { CreateFab } from '#client/features/events/CreateFab.tsx';
import {
  activeFilterCount,
  EMPTY_LOBBY_FILTERS,
  lobbyFilterVariables,
  type LobbyFilters,
} from '#client/features/events/filters.ts';
import { LOBBY_EVENT_CARD_FRAGMENT, LobbyEventCard } from '#client/features/events/LobbyEventCard.tsx';
import { LobbyFilterPanel, LobbyQuickChips } from '#client/features/events/LobbyFilterPanel.tsx';
import { LOBBY_STATS_STRIP_FRAGMENT, LobbyStatsStrip } from '#client/features/events/LobbyStatsStrip.tsx';
import { SearchRow } from '#client/features/events/SearchRow.tsx';
import { useOpenCreateEvent } from '#client/features/wizard/useCreateEventDialog.tsx';
import { CARD_JOIN_BUTTON_FRAGMENT, CardJoinButton } from '#client/features/join-requests/CardJoinButton.tsx';
import { useJoinRequestDialog } from '#client/features/join-requests/JoinRequestDialog.tsx';

export const ONLINE_EVENTS_ROUTE_QUERY: TypedDocumentNode<
  OnlineEventsRouteQuery,
  OnlineEventsRouteQueryVariables
> = gql`
  query OnlineEventsRouteQuery {
    lobbyStats {
      ...LobbyStatsStrip_stats
    }
  }
  ${LOBBY_STATS_STRIP_FRAGMENT}
`;

export const ONLINE_LOBBY_QUERY: TypedDocumentNode<OnlineLobbyQuery, OnlineLobbyQueryVariables> = gql`
  query OnlineLobbyQuery($filter: EventFilter!, $first: Int!) {
    events(filter: $filter, first: $first) {
      totalCount
      edges {
        node {
          id
          ...LobbyEventCard_event
          ...CardJoinButton_event
        }
      }
    }
  }
  ${LOBBY_EVENT_CARD_FRAGMENT}
  ${CARD_JOIN_BUTTON_FRAGMENT}
`;

const PAGE_SIZE = 60;
const SEARCH_DEBOUNCE_MS = 300;

export function loader() {
  const preload = getPreloader();
  // The first page without filters starts with the stats; the component reads it from the cache.
  preload(ONLINE_LOBBY_QUERY, {
    variables: { filter: lobbyFilterVariables(EMPTY_LOBBY_FILTERS), first: PAGE_SIZE },
  });
  // The stats strip shows '—' rather than failing the page when the stats cannot be read.
  return { queryRef: preload(ONLINE_EVENTS_ROUTE_QUERY, { errorPolicy: 'all' }) };
}

export function OnlineEventsRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <OnlineLobby queryRef={queryRef} />;
}

function OnlineLobby({ queryRef }: { queryRef: QueryRef<OnlineEventsRouteQuery> }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t('nav.online'));
  const openCreate = useOpenCreateEvent();
  const { data: route } = useReadQuery(queryRef);
  const [filters, setFilters] = useState<LobbyFilters>(EMPTY_LOBBY_FILTERS);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [panelOpen, setPanelOpen] = useState(false);
  // JOIN_GAME: the join-request dialog.
  const joinDialog = useJoinRequestDialog();

  const variables = useMemo(
    () => ({ filter: lobbyFilterVariables({ ...filters, search }), first: PAGE_SIZE }),
    [filters, search],
  );
  const { data, previousData, loading, error, refetch } = useQuery(ONLINE_LOBBY_QUERY, { variables });
  const shown = data ?? previousData;
  const events = shown?.events.edges.map((e) => e.node) ?? [];
  const panelCount = activeFilterCount({ ...filters, quick: [] });

  return (
    // pb-20: room under the last card for the floating '+'.
    <section className="flex flex-col gap-5 pb-20">
      <div>
        <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('lobby.title')}</h1>
        <p className="mt-1 text-sm text-ink-300">{t('lobby.subtitle')}</p>
      </div>
      <LobbyStatsStrip stats={route?.lobbyStats ?? null} />
      <SearchRow
        value={searchText}
        onChange={setSearchText}
        placeholder={t('filters.search.online')}
        panelOpen={panelOpen}
        onTogglePanel={() => setPanelOpen((o) => !o)}
        filterCount={panelCount}
        panelId="lobby-filter-panel"
      />
      {panelOpen ? (
        <LobbyFilterPanel id="lobby-filter-panel" filters={filters} onChange={setFilters} />
      ) : null}
      <LobbyQuickChips filters={filters} onChange={setFilters} />
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-ink-300" aria-live="polite" data-testid="events-found">
          {t('events.found', { count: fmt.number(shown?.events.totalCount ?? 0) })}
        </p>
        <ListUpdating loading={loading} />
      </div>
      {error && !shown ? (
        <ListLoadError onRetry={() => void refetch()} />
      ) : events.length === 0 && !loading ? (
        <EmptyState emoji="🎮" title={t('events.empty.title')} text={t('lobby.empty')} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {events.map((event) => (
            <li key={event.id}>
              <LobbyEventCard
                event={event}
                action={
                  <CardJoinButton
                    event={event}
                    onJoin={joinDialog.open}
                    joinLabel="join.joinGame"
                    icon="🎮"
                    className="font-mono tracking-wide"
                  />
                }
              />
            </li>
          ))}
        </ul>
      )}
      <CreateFab onClick={() => openCreate({ mode: 'ONLINE' })} label={t('header.createEvent')} />
      {joinDialog.element}
    </section>
  );
}
