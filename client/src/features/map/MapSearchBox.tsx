import { useEffect, useId, useRef, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useApolloClient } from '@apollo/client/react';
import type L from 'leaflet';
import type { MapGeocodeQuery, MapGeocodeQueryVariables } from '#client/__generated__/graphql.ts';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDebouncedValue } from '#client/lib/useDebouncedValue.ts';

export const MAP_GEOCODE_QUERY: TypedDocumentNode<MapGeocodeQuery, MapGeocodeQueryVariables> = gql`
  query MapGeocodeQuery($text: String!, $limit: Int, $near: GeoPointInput) {
    geocode(text: $text, limit: $limit, near: $near) {
      name
      address
      lat
      lng
      kind
      province
      district
    }
  }
`;

// Spec §9: 300 ms debounce, up to 5 results, fly to zoom 15 over 1 s.
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_LIMIT = 5;
export const FLY_ZOOM = 15;
export const FLY_SECONDS = 1;

type Place = MapGeocodeQuery['geocode'][number];
type State =
  { status: 'idle' } | { status: 'loading' } | { status: 'done'; places: Place[] } | { status: 'error' };

// The map's 'Konum ara...' box.
export function MapSearchBox({ map, className }: { map: L.Map | null; className?: string }) {
  const { t } = useI18n();
  const client = useApolloClient();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<State>({ status: 'idle' });
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const request = useRef(0);

  useEffect(() => {
    if (!query) return;
    const id = ++request.current;
    const center = map?.getCenter();
    // The request's outcome arrives later; the loading state is set in the same tick as the request.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState({ status: 'loading' });
    client
      .query({
        query: MAP_GEOCODE_QUERY,
        variables: {
          text: query,
          limit: SEARCH_LIMIT,
          near: center ? { lat: center.lat, lng: center.lng } : null,
        },
        fetchPolicy: 'cache-first',
      })
      .then(
        (result) => {
          if (id !== request.current) return;
          if (result.error || !result.data) setState({ status: 'error' });
          else setState({ status: 'done', places: result.data.geocode.slice(0, SEARCH_LIMIT) });
          setActive(-1);
        },
        () => id === request.current && setState({ status: 'error' }),
      );
  }, [query, client, map]);

  const choose = (place: Place) => {
    map?.flyTo([place.lat, place.lng], FLY_ZOOM, { duration: FLY_SECONDS });
    setText(place.name);
    setOpen(false);
  };

  const places = state.status === 'done' ? state.places : [];
  const showList = open && text.trim().length > 0 && state.status !== 'idle';

  return (
    <div className={cn('relative', className)}>
      <label className="sr-only" htmlFor={`${listId}-input`}>
        {t('map.searchLabel')}
      </label>
      <div className="relative">
        <span
          className="pointer-events-none absolute inset-y-0 left-3 z-10 flex items-center text-ink-300"
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" strokeLinecap="round" />
          </svg>
        </span>
        <input
          id={`${listId}-input`}
          type="search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          placeholder={t('map.search')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            if (!e.target.value.trim()) setState({ status: 'idle' });
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((i) => Math.min(places.length - 1, i + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((i) => Math.max(0, i - 1));
            } else if (e.key === 'Enter') {
              // Never the Enter of a form around the box: it picks a result or waits for one.
              e.preventDefault();
              const place = places[active >= 0 ? active : 0];
              if (place) choose(place);
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
          className="h-11 w-full rounded-xl border border-ink-600 bg-ink-900/90 pr-9 pl-9 text-sm text-ink-100 shadow-lg shadow-black/40 backdrop-blur outline-none placeholder:text-ink-500 focus:border-accent-400 focus:ring-2 focus:ring-accent-500/30"
        />
        {state.status === 'loading' ? (
          <span className="absolute inset-y-0 right-3 flex items-center text-ink-300">
            <Spinner label={t('map.searching')} />
          </span>
        ) : null}
      </div>
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          className="absolute inset-x-0 top-12 z-[1000] overflow-hidden rounded-xl border border-ink-600 bg-ink-850 shadow-2xl shadow-black/60"
        >
          {state.status === 'loading' ? (
            <li className="px-3 py-2 text-sm text-ink-300">{t('map.searching')}</li>
          ) : state.status === 'error' ? (
            <li className="px-3 py-2 text-sm text-rose-300">{t('map.searchError')}</li>
          ) : places.length === 0 ? (
            <li className="px-3 py-2 text-sm text-ink-300">{t('map.noResults')}</li>
          ) : (
            places.map((place, i) => (
              <li
                key={`${place.lat},${place.lng},${place.name}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(place)}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  i === active ? 'bg-ink-700 text-white' : 'text-ink-100 hover:bg-ink-800',
                )}
              >
                <span className="font-semibold">{place.name}</span>
                {place.address && place.address !== place.name ? (
                  <span className="block truncate text-xs text-ink-300">{place.address}</span>
                ) : null}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
