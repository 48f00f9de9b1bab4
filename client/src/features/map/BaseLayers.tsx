import { useEffect, useMemo, useState } from 'react';
import type { FeatureCollection } from 'geojson';
import type L from 'leaflet';
import { GeoJSON, TileLayer, useMap } from 'react-leaflet';
import { getConfig } from '#client/lib/config.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// Dark raster tiles from /config.json plus Turkey's province outlines. Without tiles (offline, blocked)
// the outlines are filled, so the map still reads as a map of Turkey.

// Provinces drawn per task: all 81 at once are one long task on a phone (projection and SVG paths);
// in groups the map answers between them (ADR 050).
const PROVINCES_PER_TASK = 9;

const OUTLINED = { color: '#a78bfa', weight: 1, opacity: 0.45, fill: false };
const FILLED = {
  color: '#6d5a99',
  weight: 1,
  opacity: 0.9,
  fill: true,
  fillColor: '#1c1330',
  fillOpacity: 1,
};

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
  const map = useMap();
  const [provinces, setProvinces] = useState<FeatureCollection | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  const groups = useMemo<FeatureCollection[]>(() => {
    const features = provinces?.features ?? [];
    const out: FeatureCollection[] = [];
    for (let i = 0; i < features.length; i += PROVINCES_PER_TASK) {
      out.push({ type: 'FeatureCollection', features: features.slice(i, i + PROVINCES_PER_TASK) });
    }
    return out;
  }, [provinces]);
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (drawn >= groups.length) return;
    const timer = setTimeout(() => setDrawn((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [drawn, groups.length]);

  // Credited once on the map: as an option of the GeoJSON layer, Leaflet copies it to each of the 81
  // provinces and redraws the attribution line 81 times (a long task on a phone; ADR 044).
  const attribution = provinces ? placesAttribution(t('map.attribution')) : null;
  useEffect(() => {
    const control = map.attributionControl as L.Control.Attribution | undefined;
    if (!attribution || !control) return;
    control.addAttribution(attribution);
    // Focusable, so a tap on the one-line credits of a narrow map opens them whole (map.css).
    control.getContainer()?.setAttribute('tabindex', '0');
    return () => void control.removeAttribution(attribution);
  }, [map, attribution]);

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
      {groups.slice(0, drawn).map((group, i) => (
        // Restyled in place when the tiles fail (react-leaflet calls setStyle when `style` changes).
        <GeoJSON key={i} data={group} interactive={false} style={tilesFailed ? FILLED : OUTLINED} />
      ))}
    </>
  );
}
