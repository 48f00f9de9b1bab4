import { useEffect, useState } from 'react';
import type { FeatureCollection } from 'geojson';
import { GeoJSON, TileLayer } from 'react-leaflet';
import { getConfig } from '#client/lib/config.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// Dark raster tiles from /config.json plus Turkey's province outlines. Without tiles (offline, blocked)
// the outlines are filled, so the map still reads as a map of Turkey.

let provincesPromise: Promise<FeatureCollection> | null = null;
function loadProvinces(): Promise<FeatureCollection> {
  provincesPromise ??= import('#client/features/map/turkey-provinces.json').then(
    (m) => m.default as unknown as FeatureCollection,
  );
  return provincesPromise;
}

export function tileAttribution(tileUrl: string): string {
  const osm = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
  return tileUrl.includes('cartocdn')
    ? `${osm} &copy; <a href="https://carto.com/attributions">CARTO</a>`
    : osm;
}

// The outlines' source and the place data's (search, "what is here"): GeoNames and ODbL require it.
function placesAttribution(outlines: string): string {
  let data: string | undefined;
  try {
    data = getConfig().map.dataAttribution;
  } catch {
    data = undefined;
  }
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return data ? `${escape(outlines)} · ${escape(data)}` : escape(outlines);
}

export function BaseLayers({ tileUrl, onTilesFailed }: { tileUrl: string; onTilesFailed?: () => void }) {
  const { t } = useI18n();
  const [provinces, setProvinces] = useState<FeatureCollection | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadProvinces().then(
      (data) => live && setProvinces(data),
      (error: unknown) => console.error('province outlines', error),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <TileLayer
        url={tileUrl}
        attribution={tileAttribution(tileUrl)}
        eventHandlers={{
          tileerror: () => {
            if (!tilesFailed) {
              setTilesFailed(true);
              onTilesFailed?.();
            }
          },
        }}
      />
      {provinces ? (
        <GeoJSON
          // Re-created when the style switches (react-leaflet applies `style` on creation).
          key={tilesFailed ? 'filled' : 'outline'}
          data={provinces}
          attribution={placesAttribution(t('map.attribution'))}
          interactive={false}
          style={() =>
            tilesFailed
              ? { color: '#6d5a99', weight: 1, opacity: 0.9, fillColor: '#1c1330', fillOpacity: 1 }
              : { color: '#a78bfa', weight: 1, opacity: 0.45, fill: false }
          }
        />
      ) : null}
    </>
  );
}
