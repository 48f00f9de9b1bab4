import 'leaflet/dist/leaflet.css';
import '#client/features/map/map.css';
import { useEffect, useId, useRef, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useApolloClient } from '@apollo/client/react';
import type L from 'leaflet';
import { MapContainer, Marker, useMapEvents } from 'react-leaflet';
import type {
  PickerReverseGeocodeQuery,
  PickerReverseGeocodeQueryVariables,
} from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { cn } from '#client/lib/cn.ts';
import { getConfig } from '#client/lib/config.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { BaseLayers } from '#client/features/map/BaseLayers.tsx';
import { pickIcon } from '#client/features/map/markerIcons.ts';
import { MAP_GEOCODE_QUERY, SEARCH_LIMIT } from '#client/features/map/MapSearchBox.tsx';
import { PickerResults, type PickerPlace, type PickerSearch } from '#client/features/map/PickerResults.tsx';
import type { LocationPickerProps } from '#client/lib/locationPicker.ts';

export const PICKER_REVERSE_GEOCODE_QUERY: TypedDocumentNode<
  PickerReverseGeocodeQuery,
  PickerReverseGeocodeQueryVariables
> = gql`
  query PickerReverseGeocodeQuery($lat: Float!, $lng: Float!) {
    reverseGeocode(lat: $lat, lng: $lng) {
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

// Spec §9: the wizard's location step shows the map at zoom 16.
export const PICKER_ZOOM = 16;

export function coordinateText(lat: number, lng: number): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

const placeOf = (p: { name: string; district: string | null; province: string | null }) => ({
  name: p.name,
  district: p.district,
  province: p.province,
});

// The wizard's location step: search (a list of up to 5; nothing moves until one is picked), click
// the map or drag the marker (reverse geocoded). `readOnly`: the preview's small map of the point.
export function LocationPicker({
  value,
  onChange,
  center,
  zoom = PICKER_ZOOM,
  readOnly,
}: LocationPickerProps) {
  const { t } = useI18n();
  const client = useApolloClient();
  const config = getConfig();
  const inputId = useId();
  const listId = useId();
  const [map, setMap] = useState<L.Map | null>(null);
  const [text, setText] = useState('');
  const [search, setSearch] = useState<PickerSearch>({ status: 'idle' });
  const [active, setActive] = useState(-1);
  const lookup = useRef(0);
  const searchId = useRef(0);
  const start = value ?? center ?? config.map.defaultCenter;
  // Addresses arrive later: they go to the latest onChange, not the one of the click's render.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // A point chosen elsewhere (a preset from the map's context menu) is shown once the map exists.
  useEffect(() => {
    if (map && value) map.setView([value.lat, value.lng], Math.max(map.getZoom(), zoom));
    // Only when the map appears: later points come from this component and are already in view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  const pickPoint = (lat: number, lng: number) => {
    const id = ++lookup.current;
    onChangeRef.current({ lat, lng, address: '', place: null, pending: true });
    // Without a place (no answer, an error) the address is the coordinates (spec §8).
    const coordinatesOnly = () => {
      if (id !== lookup.current) return;
      onChangeRef.current({ lat, lng, address: coordinateText(lat, lng), place: null, pending: false });
    };
    client
      .query({ query: PICKER_REVERSE_GEOCODE_QUERY, variables: { lat, lng }, fetchPolicy: 'cache-first' })
      .then((result) => {
        if (id !== lookup.current) return;
        const place = result.data?.reverseGeocode;
        if (result.error || !place || place.kind === 'POINT') return coordinatesOnly();
        onChangeRef.current({
          lat,
          lng,
          address: place.address ?? place.name,
          place: placeOf(place),
          pending: false,
        });
      })
      .catch(coordinatesOnly);
  };

  // The province the search prefers (the map's centre), to label results elsewhere; null if unknown.
  const biasProvince = async (near: { lat: number; lng: number }) => {
    try {
      const result = await client.query({
        query: PICKER_REVERSE_GEOCODE_QUERY,
        variables: near,
        fetchPolicy: 'cache-first',
      });
      return result.data?.reverseGeocode.province ?? null;
    } catch {
      return null;
    }
  };

  const runSearch = async () => {
    const query = text.trim();
    if (!query) return;
    const id = ++searchId.current;
    setSearch({ status: 'loading' });
    setActive(-1);
    const c = map?.getCenter() ?? start;
    const near = { lat: c.lat, lng: c.lng };
    try {
      const [result, bias] = await Promise.all([
        client.query({
          query: MAP_GEOCODE_QUERY,
          variables: { text: query, limit: SEARCH_LIMIT, near },
          fetchPolicy: 'network-only',
        }),
        biasProvince(near),
      ]);
      if (id !== searchId.current) return;
      if (result.error || !result.data) return setSearch({ status: 'error' });
      setSearch({ status: 'done', query, places: result.data.geocode.slice(0, SEARCH_LIMIT), bias });
    } catch {
      if (id === searchId.current) setSearch({ status: 'error' });
    }
  };

  // A picked result sets the point and its place: the step proposes the public text from it.
  const pickResult = (place: PickerPlace) => {
    lookup.current++;
    searchId.current++;
    map?.flyTo([place.lat, place.lng], zoom, { duration: 1 });
    onChangeRef.current({
      lat: place.lat,
      lng: place.lng,
      address: place.address ?? place.name,
      place: placeOf(place),
      pending: false,
    });
    setText(place.name);
    setSearch({ status: 'idle' });
    setActive(-1);
  };

  const pickOnMap = () => {
    setSearch({ status: 'idle' });
    const el = map?.getContainer();
    el?.scrollIntoView({ block: 'nearest' });
    el?.focus();
  };

  const places = search.status === 'done' ? search.places : [];
  // Isolated: Leaflet's panes and controls (z-index 400 to 800) stay under the wizard's sticky footer.
  const mapBox = (
    <div
      className={cn(
        'relative isolate overflow-hidden rounded-xl border border-ink-700',
        readOnly ? 'h-60 sm:h-full sm:min-h-60' : 'h-64 sm:h-72',
      )}
      data-testid={readOnly ? 'location-preview-map' : 'location-picker-map'}
    >
      <MapContainer
        ref={setMap}
        center={[start.lat, start.lng]}
        zoom={zoom}
        className="squad-map size-full"
        aria-label={readOnly ? t('wizard.location.previewMap') : t('wizard.location.map')}
        dragging={!readOnly}
        scrollWheelZoom={!readOnly}
        doubleClickZoom={!readOnly}
        keyboard={!readOnly}
      >
        <BaseLayers tileUrl={config.map.tileUrl} />
        {readOnly ? null : <ClickToPick onPick={pickPoint} />}
        {value ? (
          <Marker
            position={[value.lat, value.lng]}
            icon={pickIcon}
            draggable={!readOnly}
            interactive={!readOnly}
            eventHandlers={{
              dragend: (e) => {
                const p = (e.target as L.Marker).getLatLng();
                pickPoint(p.lat, p.lng);
              },
            }}
          />
        ) : null}
      </MapContainer>
    </div>
  );
  if (readOnly) return mapBox;

  return (
    <div className="flex flex-col gap-3">
      {/* Not a <form>: the picker sits inside other forms (profile settings, event edit), and a nested
          form's Enter or button would submit the outer one (ADR 061). Enter searches, or picks the
          result chosen with the arrow keys; it never moves the point by itself. */}
      <div className="flex gap-2" role="search">
        <label htmlFor={inputId} className="sr-only">
          {t('wizard.location.search')}
        </label>
        <input
          id={inputId}
          type="search"
          role="combobox"
          aria-expanded={places.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 && places[active] ? `${listId}-${active}` : undefined}
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && places.length) {
              e.preventDefault();
              setActive((i) => Math.min(places.length - 1, i + 1));
            } else if (e.key === 'ArrowUp' && places.length) {
              e.preventDefault();
              setActive((i) => Math.max(0, i - 1));
            } else if (e.key === 'Escape' && search.status !== 'idle') {
              e.preventDefault();
              setSearch({ status: 'idle' });
            } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              const chosen = active >= 0 ? places[active] : undefined;
              if (chosen) pickResult(chosen);
              else void runSearch();
            }
          }}
          enterKeyHint="search"
          placeholder={t('wizard.location.searchPlaceholder')}
          className="h-11 min-w-0 flex-1 rounded-xl border border-ink-600 bg-ink-850/80 px-3.5 text-sm text-ink-100 outline-none placeholder:text-ink-500 focus:border-accent-400 focus:ring-2 focus:ring-accent-500/30"
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => void runSearch()}
          disabled={!text.trim() || search.status === 'loading'}
          loading={search.status === 'loading'}
        >
          {t('wizard.location.searchButton')}
        </Button>
      </div>
      <PickerResults
        id={listId}
        search={search}
        active={active}
        onPick={pickResult}
        onPickOnMap={pickOnMap}
      />
      {mapBox}
    </div>
  );
}

function ClickToPick({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });
  return null;
}
