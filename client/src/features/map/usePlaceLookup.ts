import { useCallback } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useApolloClient } from '@apollo/client/react';
import type { MapPlaceAtQuery, MapPlaceAtQueryVariables } from '#client/__generated__/graphql.ts';
import { MAP_GEOCODE_QUERY } from '#client/features/map/MapSearchBox.tsx';
import { namesPlace } from '#client/features/map/placeSearch.ts';

// Without Leaflet: this module is used by the pages around the lazily loaded map.
export const MAP_PLACE_AT_QUERY: TypedDocumentNode<MapPlaceAtQuery, MapPlaceAtQueryVariables> = gql`
  query MapPlaceAtQuery($lat: Float!, $lng: Float!) {
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

export type FoundPlace = {
  name: string;
  address: string | null;
  lat: number;
  lng: number;
  district: string | null;
  province: string | null;
};

// The geocoder for pages around the map: the place a text names (null for anything else, errors
// included), and what is at a point (the wizard's reverse geocoding, shared cache).
export function usePlaceLookup() {
  const client = useApolloClient();

  const findPlace = useCallback(
    async (text: string, near: { lat: number; lng: number } | null): Promise<FoundPlace | null> => {
      const query = text.trim();
      if (query.length < 3) return null;
      try {
        const result = await client.query({
          query: MAP_GEOCODE_QUERY,
          variables: { text: query, limit: 1, near },
          fetchPolicy: 'cache-first',
        });
        const place = result.data?.geocode[0];
        return place && namesPlace(query, place.name) ? place : null;
      } catch {
        return null;
      }
    },
    [client],
  );

  const placeAt = useCallback(
    async (lat: number, lng: number): Promise<FoundPlace | null> => {
      try {
        const result = await client.query({
          query: MAP_PLACE_AT_QUERY,
          variables: { lat, lng },
          fetchPolicy: 'cache-first',
        });
        const place = result.data?.reverseGeocode;
        return place && place.kind !== 'POINT' ? place : null;
      } catch {
        return null;
      }
    },
    [client],
  );

  return { findPlace, placeAt };
}
