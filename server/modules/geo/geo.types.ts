import type { PlaceKind } from '#server/modules/enum-values.ts';

export type LatLng = { lat: number; lng: number };

// The GraphQL Place, as the geocoders produce it.
export type PlaceModel = {
  name: string;
  address: string | null;
  lat: number;
  lng: number;
  kind: PlaceKind;
  province: string | null;
  district: string | null;
  distanceKm: number | null;
};

export type SearchOptions = {
  // 1 to 10, already validated.
  limit: number;
  // The point to prefer; the engine falls back to Istanbul. distanceKm is filled only when given.
  near?: LatLng;
};

// ARCHITECTURE §6: one interface, a built-in engine on the gazetteer and an external HTTP one.
export interface Geocoder {
  readonly name: string;
  search(text: string, options: SearchOptions): Promise<PlaceModel[]>;
  // Coordinates are validated (inside Turkey) before an engine sees them.
  reverse(lat: number, lng: number): Promise<PlaceModel>;
}

export const ISTANBUL: LatLng = { lat: 41.0082, lng: 28.9784 };

// Beyond this a reverse look-up names the bare coordinate instead of a place.
export const REVERSE_MAX_KM = 30;

export const roundKm = (km: number) => Math.round(km * 100) / 100;

export function pointPlace(lat: number, lng: number): PlaceModel {
  return {
    name: `${lat.toFixed(6)}, ${lng.toFixed(6)}`,
    address: null,
    lat,
    lng,
    kind: 'point',
    province: null,
    district: null,
    distanceKm: null,
  };
}
