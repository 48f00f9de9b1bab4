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
import { useToast } from '#client/components/ui/Toast.tsx';
import { getConfig } from '#client/lib/config.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { BaseLayers } from '#client/features/map/BaseLayers.tsx';
import { pickIcon } from '#client/features/map/markerIcons.ts';
import { MAP_GEOCODE_QUERY } from '#client/features/map/MapSearchBox.tsx';
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

// Spec §9: the wizard's location step shows the map at zoom 16; the address search takes 1 result.
export const PICKER_ZOOM = 16;
const PICKER_SEARCH_LIMIT = 1;

export function coordinateText(lat: number, lng: number): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

// The create wizard's location step: click the map or search an address; the point is reverse geocoded.
export function LocationPicker({ value, onChange, center, zoom = PICKER_ZOOM }: LocationPickerProps) {
  const { t } = useI18n();
  const toast = useToast();
  const client = useApolloClient();
  const config = getConfig();
  const inputId = useId();
  const [map, setMap] = useState<L.Map | null>(null);
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const lookup = useRef(0);
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
        if (result.error || !place) return coordinatesOnly();
        onChange({
          lat,
          lng,
          address: place.address ?? place.name,
          place: { name: place.name, district: place.district, province: place.province },
          pending: false,
        });
      })
      .catch(coordinatesOnly);
  };

  const search = async () => {
    const query = text.trim();
    if (!query || searching) return;
    setSearching(true);
    try {
      const c = map?.getCenter() ?? start;
      const result = await client.query({
        query: MAP_GEOCODE_QUERY,
        variables: { text: query, limit: PICKER_SEARCH_LIMIT, near: { lat: c.lat, lng: c.lng } },
        fetchPolicy: 'network-only',
      });
      if (result.error) {
        toast.error(t('map.searchError'));
        return;
      }
      const place = result.data?.geocode[0];
      if (!place) {
        toast.error(t('map.noResults'));
        return;
      }
      lookup.current++;
      map?.flyTo([place.lat, place.lng], zoom, { duration: 1 });
      onChange({
        lat: place.lat,
        lng: place.lng,
        address: place.address ?? place.name,
        place: { name: place.name, district: place.district, province: place.province },
        pending: false,
      });
    } catch {
      toast.error(t('map.searchError'));
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {/* Not a <form>: the picker sits inside other forms (profile settings, event edit), and a nested
          form's Enter or button would submit the outer one. Enter and the button run the search only. */}
      <div className="flex gap-2" role="search">
        <label htmlFor={inputId} className="sr-only">
          {t('wizard.location.search')}
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            void search();
          }}
          enterKeyHint="search"
          placeholder={t('wizard.location.searchPlaceholder')}
          className="h-11 min-w-0 flex-1 rounded-xl border border-ink-600 bg-ink-850/80 px-3.5 text-sm text-ink-100 outline-none placeholder:text-ink-500 focus:border-accent-400 focus:ring-2 focus:ring-accent-500/30"
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => void search()}
          disabled={!text.trim() || searching}
          loading={searching}
        >
          {t('wizard.location.searchButton')}
        </Button>
      </div>
      <div
        className="relative h-64 overflow-hidden rounded-xl border border-ink-700 sm:h-72"
        data-testid="location-picker-map"
      >
        <MapContainer
          ref={setMap}
          center={[start.lat, start.lng]}
          zoom={zoom}
          className="squad-map size-full"
          aria-label={t('wizard.location.map')}
        >
          <BaseLayers tileUrl={config.map.tileUrl} />
          <ClickToPick onPick={pickPoint} />
          {value ? <Marker position={[value.lat, value.lng]} icon={pickIcon} interactive={false} /> : null}
        </MapContainer>
      </div>
    </div>
  );
}

function ClickToPick({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });
  return null;
}
