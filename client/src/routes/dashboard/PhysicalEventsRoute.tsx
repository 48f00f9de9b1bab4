import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import type { DashboardShellQuery } from '#client/__generated__/graphql.ts';
import { DASHBOARD_SHELL_QUERY } from '#client/features/dashboard/shellQuery.ts';
import { LoadingState } from '#client/app/LoadingState.tsx';
import { ListLoadError, ListUpdating } from '#client/features/events/ListStatus.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { cn } from '#client/lib/cn.ts';
import { getConfig } from '#client/lib/config.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDebouncedValue } from '#client/lib/useDebouncedValue.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { useMediaQuery } from '#client/lib/useMediaQuery.ts';
import { CreateFab } from '#client/features/events/CreateFab.tsx';
import {
  activeFilterCount,
  EMPTY_PHYSICAL_FILTERS,
  type Bounds,
  type LatLng,
  type PhysicalFilters,
} from '#client/features/events/filters.ts';
import { priceText } from '#client/lib/format.ts';
import { PhysicalEventCard } from '#client/features/events/PhysicalEventCard.tsx';
import { PhysicalFilterPanel } from '#client/features/events/PhysicalFilterPanel.tsx';
import { SearchRow } from '#client/features/events/SearchRow.tsx';
import { useOpenCreateEvent } from '#client/features/wizard/useCreateEventDialog.tsx';
import { CardJoinButton } from '#client/features/join-requests/CardJoinButton.tsx';
import { useJoinRequestDialog } from '#client/features/join-requests/JoinRequestDialog.tsx';
import { joinButtonState } from '#client/features/join-requests/requestState.ts';
import type { MapEvent, MapView } from '#client/features/map/EventMap.tsx';
import { MapBoundary } from '#client/features/map/MapBoundary.tsx';
import { usePlaceLookup, type FoundPlace } from '#client/features/map/usePlaceLookup.ts';
import {
  centerOf,
  listVariables,
  PHYSICAL_CATEGORIES_QUERY,
  PHYSICAL_DASHBOARD_QUERY,
  PHYSICAL_MAP_QUERY,
  WIDE,
} from './physicalEventsData.ts';

export { loader } from './physicalEventsData.ts';

const SEARCH_DEBOUNCE_MS = 300;
// The map reports its area when it is ready and again after every move or resize (a layout settling
// resizes it once or twice at the start): the list and its count follow the area once it has held
// still this long, so no provisional area is ever counted.
const VIEW_SETTLE_MS = 250;
const NO_EVENTS: never[] = [];

// The map (Leaflet and its CSS) is its own chunk, loaded only here and never before the list's data.
const EventMap = lazy(() =>
  import('#client/features/map/EventMap.tsx').then((m) => ({ default: m.EventMap })),
);

export function PhysicalEventsRoute() {
  return <PhysicalEvents />;
}

// The search row and filters render at once; the map and the list wait for the user's centre.
function PhysicalEvents() {
  const { t } = useI18n();
  useDocumentTitle(t('nav.physical'));
  const openCreate = useOpenCreateEvent();
  // The account (the map's centre): usually in the cache already (the loader waited for it).
  const { data: shell, loading: shellLoading } = useQuery(DASHBOARD_SHELL_QUERY, { errorPolicy: 'all' });

  const [reportedView, setView] = useState<{ center: LatLng; bounds: Bounds } | null>(null);
  const view = useDebouncedValue(reportedView, VIEW_SETTLE_MS);
  const [filters, setFilters] = useState<PhysicalFilters>(EMPTY_PHYSICAL_FILTERS);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [panelOpen, setPanelOpen] = useState(false);
  const { data: catalog } = useQuery(PHYSICAL_CATEGORIES_QUERY, { skip: !panelOpen });
  // The place the search box's text named on Enter: the map flies there and the text stops filtering
  // (ADR 040); `text` lets the user search it as event text after all.
  const [place, setPlace] = useState<{ found: FoundPlace; text: string; key: number } | null>(null);
  const { findPlace, placeAt } = usePlaceLookup();

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
      const found = await findPlace(text, view?.center ?? centerOf(shell));
      if (!found) return;
      setPlace((p) => ({ found, text: text.trim(), key: (p?.key ?? 0) + 1 }));
      setSearchText('');
    },
    [findPlace, view, shell],
  );
  const focus = useMemo(
    () => (place ? { lat: place.found.lat, lng: place.found.lng, key: place.key } : null),
    [place],
  );
  // 'Katıl' on a card or in a map popup: the join-request dialog.
  const joinDialog = useJoinRequestDialog();

  const filterCount = activeFilterCount(filters);

  // Room under the last card for the floating '+' (the list scrolls on its own from lg up).
  return (
    <section className="flex flex-col gap-4 pb-20 lg:pb-0">
      <SearchRow
        value={searchText}
        onChange={setSearchText}
        onSubmit={(text) => void onSearchSubmit(text)}
        panelOpen={panelOpen}
        onTogglePanel={() => setPanelOpen((o) => !o)}
        filterCount={filterCount}
        placeholder={t('filters.search.physical')}
        panelId="physical-filter-panel"
      />
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
          categories={catalog?.eventCatalog?.physical ?? []}
        />
      ) : null}
      {shellLoading && !shell ? (
        <LoadingState />
      ) : (
        <PhysicalResults
          shell={shell}
          filters={filters}
          search={search}
          view={view}
          onViewChange={setView}
          onCreateHere={onCreateHere}
          focus={focus}
          onJoin={joinDialog.open}
        />
      )}
      <CreateFab onClick={() => openCreate({ mode: 'PHYSICAL' })} label={t('header.createEvent')} />
      {joinDialog.element}
    </section>
  );
}

function PhysicalResults({
  shell,
  filters,
  search,
  view,
  onViewChange,
  onCreateHere,
  focus,
  onJoin,
}: {
  shell: DashboardShellQuery | undefined;
  filters: PhysicalFilters;
  search: string;
  view: { center: LatLng; bounds: Bounds } | null;
  onViewChange: (view: { center: LatLng; bounds: Bounds }) => void;
  onCreateHere: (point: LatLng) => Promise<void>;
  focus: { lat: number; lng: number; key: number } | null;
  onJoin: (eventId: string) => void;
}) {
  const { t, fmt } = useI18n();
  const config = getConfig();
  const wide = useMediaQuery(WIDE);
  const [mobileView, setMobileView] = useState<'map' | 'list'>('map');

  // The user's own centre (exact location, district, last IP location; spec §9), else Istanbul.
  const [initialCenter] = useState<LatLng>(() => centerOf(shell));
  const variables = useMemo(
    () => listVariables(filters, search, view?.center ?? initialCenter, view?.bounds ?? null),
    [filters, search, view, initialCenter],
  );
  // On a phone showing the map, the first page waits for the map's visible area: asking for the
  // nearest events and then again for the area would fetch, store and draw the markers twice.
  const [mapFailed, setMapFailed] = useState(false);
  const waitForMap = !wide && mobileView === 'map' && view === null && !mapFailed;
  // Below `lg` only one of map and list is on screen: the hidden list is not drawn at all, and while
  // the map shows, only what its markers need is asked for.
  const listShown = wide || mobileView === 'list';
  const list = useQuery(PHYSICAL_DASHBOARD_QUERY, { variables, skip: waitForMap || !listShown });
  const map = useQuery(PHYSICAL_MAP_QUERY, { variables, skip: waitForMap || listShown });
  const { loading, error, refetch } = listShown ? list : map;
  // The count is the answer for the settled map area only: before the map has reported it, and while
  // a new area's answer is on its way, the last settled count (or 'counting') stays on show.
  const current = listShown ? list.data : map.data;
  const settled = (view !== null || mapFailed) && !loading && current !== undefined;
  const settledCount = settled ? current.events.totalCount : null;
  const [count, setCount] = useState<number | null>(null);
  if (settledCount !== null && settledCount !== count) setCount(settledCount);
  const pageInfo = list.data?.events.pageInfo;
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = async () => {
    if (!pageInfo?.endCursor) return;
    setLoadingMore(true);
    try {
      await list.fetchMore({
        variables: { after: pageInfo.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          ...previous,
          events: {
            ...fetchMoreResult.events,
            edges: [...previous.events.edges, ...fetchMoreResult.events.edges],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };
  const listPage = list.data ?? list.previousData;
  const mapPage = map.data ?? map.previousData;
  // Either page has the markers' fields (and the count) while the other one loads.
  const shown = listShown ? (listPage ?? mapPage) : (mapPage ?? listPage);
  const events = useMemo(() => listPage?.events.edges.map((e) => e.node) ?? NO_EVENTS, [listPage]);
  const pins = useMemo(() => shown?.events.edges.map((e) => e.node) ?? NO_EVENTS, [shown]);
  // Up to 100 cards and markers are drawn in the background (an interruptible render), so the page
  // answers taps while they appear.
  const deferredEvents = useDeferredValue(events, NO_EVENTS);
  const deferredPins = useDeferredValue(pins, NO_EVENTS);

  const markers = useMemo<MapEvent[]>(
    () =>
      deferredPins.flatMap((e) =>
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
    [deferredPins, fmt, t],
  );
  const reportView = useCallback(
    (next: MapView) => onViewChange({ center: next.center, bounds: next.bounds }),
    [onViewChange],
  );
  return (
    <>
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
              : `📋 ${t('physical.view.list')}${count === null ? '' : ` (${fmt.number(count)})`}`}
          </button>
        ))}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <div className={cn('lg:col-span-3', mobileView === 'list' && 'max-lg:hidden')}>
          <MapBoundary
            onFail={() => setMapFailed(true)}
            fallback={
              <div className="flex h-[min(70vh,44rem)] min-h-96 items-center justify-center rounded-2xl border border-ink-700 bg-ink-850/60 p-6 text-center text-sm text-ink-300">
                {t('map.unsupported')}
              </div>
            }
          >
            <Suspense
              fallback={
                <div className="flex h-[calc(100dvh-22.5rem)] max-h-[48rem] min-h-96 items-center justify-center gap-2 rounded-2xl border border-ink-700 bg-ink-850/60 text-sm text-ink-300 lg:h-[calc(100dvh-12rem)]">
                  <Spinner /> {t('map.loading')}
                </div>
              }
            >
              {/* Below lg the map ends above the window's bottom (what is above it is about 21 rem
                  there), so its zoom and credits are on screen without scrolling. */}
              <EventMap
                tileUrl={config.map.tileUrl}
                initialCenter={initialCenter}
                initialZoom={config.map.defaultZoom}
                events={markers}
                onViewChange={reportView}
                onCreateHere={(point) => void onCreateHere(point)}
                focus={focus}
                onJoin={onJoin}
                visible={mobileView === 'map'}
                className="h-[calc(100dvh-22.5rem)] max-h-[48rem] min-h-96 lg:h-[calc(100dvh-12rem)]"
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
                {count === null ? t('events.counting') : t('events.found', { count: fmt.number(count) })}
              </p>
            </div>
            <ListUpdating loading={loading} />
          </div>
          {error && !shown ? (
            <ListLoadError onRetry={() => void refetch()} />
          ) : pins.length === 0 && !loading ? (
            <EmptyState emoji="🗺️" title={t('events.empty.title')} text={t('physical.empty')} />
          ) : listShown ? (
            <ul className="flex flex-col gap-3 lg:max-h-[calc(100dvh-16rem)] lg:overflow-y-auto lg:pr-1 lg:pb-20">
              {deferredEvents.map((event) => (
                <li key={event.id}>
                  <PhysicalEventCard
                    event={event}
                    action={<CardJoinButton event={event} onJoin={onJoin} />}
                  />
                </li>
              ))}
              {pageInfo?.hasNextPage ? (
                <li className="flex justify-center">
                  <Button
                    variant="outline"
                    loading={loadingMore}
                    onClick={() => void loadMore()}
                    data-testid="events-load-more"
                  >
                    {t('events.loadMore')}
                  </Button>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </div>
    </>
  );
}
