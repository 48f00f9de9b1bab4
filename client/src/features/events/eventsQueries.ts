import type { RuntimeConfig } from '#client/lib/config.ts';

// Distances are measured from the map's default centre until the map (with geolocation) arrives.
export function referencePoint(config: RuntimeConfig) {
  return { lat: config.map.defaultCenter.lat, lng: config.map.defaultCenter.lng };
}
