import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery, useReadQuery, type QueryRef } from '@apollo/client/react';
import { useLoaderData } from 'react-router-dom';
import type {
  PhysicalDashboardQuery,
  PhysicalDashboardQueryVariables,
  PhysicalEventsRouteQuery,
  PhysicalEventsRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { ListLoadError, ListUpdating } from '#client/features/events/ListStatus.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { cn } from '#client/lib/cn.ts';
import { getConfig } from '#client/lib/config.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDebouncedValue } from '#client/lib/useDebouncedValue.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { CreateFab } from '#client/features/events/CreateFab.tsx';
import {
  activeFilterCount,
  EMPTY_PHYSICAL_FILTERS,
  physicalFilterVariables,
  type Bounds,
  type LatLng,
  type PhysicalFilters,
} from '#client/features/events/filters.ts';
import { priceText } from '#client/lib/format.ts';
import {
  PHYSICAL_EVENT_CARD_FRAGMENT,
  PhysicalEventCard,
} from '#client/features/events/PhysicalEventCard.tsx';
import { PhysicalFilterPanel } from '#client/features/events/PhysicalFilterPanel.tsx';
import { FilterToggleButton } from '#client/features/events/FilterToggleButton.tsx';
import { SearchField } from '#client/features/events/SearchField.tsx';
import { useOpenCreateEvent } from '#client/features/wizard/useCreateEventDialog.tsx';
import { CARD_JOIN_BUTTON_FRAGMENT, CardJoinButton } from '#client/features/join-requests/CardJoinButton.tsx';
import { useJoinRequestDialog } from '#client/features/join-requests/JoinRequestDialog.tsx';
import { joinButtonState } from '#client/features/join-requests/requestState.ts';
import type { MapEvent, MapView } from '#client/features/map/EventMap.tsx';
import { MapBoundary } from '#client/features/map/MapBoundary.tsx';
import { usePlaceLookup, type FoundPlace } from '#client/features/map/usePlaceLookup.ts';

export const PHYSICAL_EVENTS_ROUTE_QUERY: TypedDocumentNode<
  PhysicalEventsRouteQuery,
  PhysicalEventsRouteQueryVariables
> = gql`
  query PhysicalEventsRouteQuery {
    me {
      id
      mapCenter {
        lat
        lng
      }
    }
    eventCatalog {
      physical {
        id
        label
      }
    }
  }
`;

export const PHYSICAL_DASHBOARD_QUERY: TypedDocumentNode<
  PhysicalDashboardQuery,
  PhysicalDashboardQueryVariables
> = gql`
  query PhysicalDashboardQuery($filter: EventFilter!, $first: Int!) {
    events(filter: $filter, first: $first) {
      totalCount
      edges {
        node {
          id
          location {
            lat
            lng
          }
          ...PhysicalEventCard_event
          ...CardJoinButton_event
        }
      }
    }
  }
  ${PHYSICAL_EVENT_CARD_FRAGMENT}
  ${CARD_JOIN_BUTTON_FRAGMENT}
`;

// The markers and the list show the same page: up to 100 events in the visible area, nearest first.
const PAGE_SIZE = 100;
const SEARCH_DEBOUNCE_MS = 300;

// The map (Leaflet and its CSS) is its own chunk, loaded only here.
const EventMap = lazy(() =>
  import('#client/features/map/EventMap.tsx').then((m) => ({ default: m.EventMap })),
);

export function loader() {
  // Without the catalog or the IP location the page still works (default icons, Istanbul).
  return { queryRef: getPreloader()(PHYSICAL_EVENTS_ROUTE_QUERY, { errorPolicy: 'all' }) };
}

export function PhysicalEventsRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <PhysicalEvents queryRef={queryRef} />;
}

function PhysicalEvents({ queryRef }: { queryRef: QueryRef<PhysicalEventsRouteQuery> }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t('nav.physical'));
  const openCreate = useOpenCreateEvent();
  const config = getConfig();
  const { data: route } = useReadQuery(queryRef);

  // The user's own centre (exact location, district, last IP location; spec §9), else Istanbul.
  const [initialCenter] = useState<LatLng>(() => {
    const center = route?.me?.mapCenter;
    return center ? { lat: center.lat, lng: center.lng } : config.map.defaultCenter;
  });
  const [view, setView] = useState<{ center: LatLng; bounds: Bounds } | null>(null);
  const [filters, setFilters] = useState<PhysicalFilters>(EMPTY_PHYSICAL_FILTERS);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [panelOpen, setPanelOpen] = useState(false);
  // The place the search box's text named on Enter: the map flies there and the text stops filtering
  // (ADR 040); `text` lets the user search it as event text after all.
  const [place, setPlace] = useState<{ found: FoundPlace; text: string; key: number } | null>(null);
  const { findPlace, placeAt } = usePlaceLookup();
  const [mobileView, setMobileView] = useState<'map' | 'list'>('map');

  const variables = useMemo(
    () => ({
      filter: physicalFilterVariables(
        { ...filters, search },
        { near: view?.center ?? initialCenter, bounds: view?.bounds ?? null },
      ),
      first: PAGE_SIZE,
    }),
    [filters, search, view, initialCenter],
  );
  const { data, previousData, loading, error, refetch } = useQuery(PHYSICAL_DASHBOARD_QUERY, { variables });
  const shown = data ?? previousData;
  const events = useMemo(() => shown?.events.edges.map((e) => e.node) ?? [], [shown]);

  const categories = route?.eventCatalog?.physical;
  const markers = useMemo<MapEvent[]>(
    () =>
      events.flatMap((e) =>
        e.location
          ? [
              {
                id: e.id,
                title: e.title,
                categoryLabel: e.category.label,
                icon: e.category.icon,
                participantCount: e.participantCount,
                maxParticipants: e.maxParticipants,
                priceLabel: priceText(e.price, fmt, t('events.free')),
                lat: e.location.lat,
                lng: e.location.lng,
                joinable: joinButtonState(e.viewerRole, e.freeSlots) === 'join',
              },
            ]
          : [],
      ),
    [events, fmt, t],
  );

  const onViewChange = useCallback(
    (next: MapView) => setView({ center: next.center, bounds: next.bounds }),
    [],
  );
  // Like a click on the wizard's map: what is at the point comes along (coordinates only without one).
  const onCreateHere = useCallback(
    async (point: LatLng) => {
      const found = await placeAt(point.lat, point.lng);
      openCreate({
        mode: 'PHYSICAL',
        location: point,
        address: found ? (found.address ?? found.name) : `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}`,
        place: found,
      });
    },
    [openCreate, placeAt],
  );
  const onSearchSubmit = useCallback(
    async (text: string) => {
      const found = await findPlace(text, view?.center ?? initialCenter);
      if (!found) return;
      setPlace((p) => ({ found, text: text.trim(), key: (p?.key ?? 0) + 1 }));
      setSearchText('');
    },
    [findPlace, view, initialCenter],
  );
  const focus = useMemo(
    () => (place ? { lat: place.found.lat, lng: place.found.lng, key: place.key } : null),
    [place],
  );
  // 'Katıl' on a card or in a map popup: the join-request dialog.
  const joinDialog = useJoinRequestDialog();
  const onJoin = joinDialog.open;

  const filterCount = activeFilterCount(filters);

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField
          value={searchText}
          onChange={setSearchText}
          onSubmit={(text) => void onSearchSubmit(text)}
          placeholder={t('filters.search.physical')}
          clearLabel={t('filters.clear')}
          className="flex-1"
        />
        <FilterToggleButton
          open={panelOpen}
          onToggle={() => setPanelOpen((o) => !o)}
          count={filterCount}
          controls="physical-filter-panel"
        />
      </div>
      {place ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-xl border border-accent-500/40 bg-accent-500/10 px-3 py-2 text-sm text-ink-100"
          role="status"
          data-testid="search-place"
        >
          <span className="font-semibold">
            {t('physical.placeFound', { place: place.found.address ?? place.found.name })}
          </span>
          <button
            type="button"
            className="rounded-lg px-2 py-1 text-accent-300 underline-offset-2 hover:underline"
            onClick={() => {
              setSearchText(place.text);
              setPlace(null);
            }}
          >
            {t('physical.searchAsText', { text: place.text })}
          </button>
          <button
            type="button"
            className="ml-auto rounded-lg px-2 py-1 text-ink-300 hover:text-white"
            onClick={() => setPlace(null)}
          >
            {t('physical.placeClear')}
          </button>
        </div>
      ) : null}
      {panelOpen ? (
        <PhysicalFilterPanel
          id="physical-filter-panel"
          filters={filters}
          onChange={setFilters}
          categories={categories ?? []}
        />
      ) : null}

      <div
        className="grid grid-cols-2 gap-1 rounded-xl border border-ink-700 bg-ink-850 p-1 lg:hidden"
        role="group"
        aria-label={t('physical.view.label')}
      >
        {(['map', 'list'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={mobileView === v}
            onClick={() => setMobileView(v)}
            className={cn(
              'h-9 rounded-lg text-sm font-bold transition',
              mobileView === v ? 'bg-accent-gradient text-white' : 'text-ink-300 hover:text-white',
            )}
          >
            {v === 'map'
              ? `🗺️ ${t('physical.view.map')}`
              : `📋 ${t('physical.view.list')} (${fmt.number(shown?.events.totalCount ?? 0)})`}
          </button>
        ))}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <div className={cn('lg:col-span-3', mobileView === 'list' && 'max-lg:hidden')}>
          <MapBoundary
            fallback={
              <div className="flex h-[min(70vh,44rem)] min-h-96 items-center justify-center rounded-2xl border border-ink-700 bg-ink-850/60 p-6 text-center text-sm text-ink-300">
                {t('map.unsupported')}
              </div>
            }
          >
            <Suspense
              fallback={
                <div className="flex h-[min(70vh,44rem)] min-h-96 items-center justify-center gap-2 rounded-2xl border border-ink-700 bg-ink-850/60 text-sm text-ink-300">
                  <Spinner /> {t('map.loading')}
                </div>
              }
            >
              <EventMap
                tileUrl={config.map.tileUrl}
                initialCenter={initialCenter}
                initialZoom={config.map.defaultZoom}
                events={markers}
                onViewChange={onViewChange}
                onCreateHere={(point) => void onCreateHere(point)}
                focus={focus}
                onJoin={onJoin}
                visible={mobileView === 'map'}
                className="h-[calc(100dvh-15rem)] max-h-[48rem] min-h-96 lg:h-[calc(100dvh-12rem)]"
              />
            </Suspense>
          </MapBoundary>
        </div>
        <div
          className={cn('flex min-w-0 flex-col gap-3 lg:col-span-2', mobileView === 'map' && 'max-lg:hidden')}
        >
          <div className="flex items-end justify-between gap-2">
            <div>
              <h1 className="text-xl font-extrabold text-white sm:text-2xl">{t('physical.listTitle')}</h1>
              <p className="text-sm text-ink-300" aria-live="polite" data-testid="events-found">
                {t('events.found', { count: fmt.number(shown?.events.totalCount ?? 0) })}
              </p>
            </div>
            <ListUpdating loading={loading} />
          </div>
          {error && !shown ? (
            <ListLoadError onRetry={() => void refetch()} />
          ) : events.length === 0 && !loading ? (
            <EmptyState emoji="🗺️" title={t('events.empty.title')} text={t('physical.empty')} />
          ) : (
            <ul className="flex flex-col gap-3 lg:max-h-[calc(100dvh-16rem)] lg:overflow-y-auto lg:pr-1">
              {events.map((event) => (
                <li key={event.id}>
                  <PhysicalEventCard
                    event={event}
                    action={<CardJoinButton event={event} onJoin={onJoin} />}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <CreateFab onClick={() => openCreate({ mode: 'PHYSICAL' })} label={t('header.createEvent')} />
      {joinDialog.element}
    </section>
  );
}
