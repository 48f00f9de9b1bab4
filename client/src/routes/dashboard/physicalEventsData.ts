// The physical dashboard's data: its queries, the variables of a page of them, and the loader that
// starts the first one while the page's code is still arriving.
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import type {
  DashboardShellQuery,
  PhysicalCategoriesQuery,
  PhysicalCategoriesQueryVariables,
  PhysicalDashboardQuery,
  PhysicalDashboardQueryVariables,
  PhysicalMapQuery,
  PhysicalMapQueryVariables,
} from '#client/__generated__/graphql.ts';
import { getApolloClient } from '#client/app/apolloClient.ts';
import { DASHBOARD_SHELL_QUERY } from '#client/features/dashboard/shellQuery.ts';
import { getConfig } from '#client/lib/config.ts';
import { nextTask } from '#client/lib/useNextTask.ts';
import {
  EMPTY_PHYSICAL_FILTERS,
  physicalFilterVariables,
  type Bounds,
  type LatLng,
  type PhysicalFilters,
} from '#client/features/events/filters.ts';
import { PHYSICAL_EVENT_CARD_FRAGMENT } from '#client/features/events/PhysicalEventCard.tsx';
import { CARD_JOIN_BUTTON_FRAGMENT } from '#client/features/join-requests/CardJoinButton.tsx';

// The categories for the filter panel, read when it first opens.
export const PHYSICAL_CATEGORIES_QUERY: TypedDocumentNode<
  PhysicalCategoriesQuery,
  PhysicalCategoriesQueryVariables
> = gql`
  query PhysicalCategoriesQuery {
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
  query PhysicalDashboardQuery($filter: EventFilter!, $first: Int!, $after: String) {
    events(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
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

// What the markers and their popups need: on a phone showing the map, the first page asks for this
// only (the list's fields are read when the list is opened), as storing the list's fields of a page
// of events is one of the long tasks of the start (ADR 050).
export const PHYSICAL_MAP_QUERY: TypedDocumentNode<PhysicalMapQuery, PhysicalMapQueryVariables> = gql`
  query PhysicalMapQuery($filter: EventFilter!, $first: Int!) {
    events(filter: $filter, first: $first) {
      totalCount
      edges {
        node {
          id
          title
          location {
            lat
            lng
          }
          category {
            id
            label
            icon
          }
          participantCount
          maxParticipants
          price
          viewerRole
          freeSlots
        }
      }
    }
  }
`;

// The markers and the list show the same pages: 100 events in the visible area at a time, nearest to
// the map's centre first; 'Daha fazla' appends the next page (the cursor), so every counted event can
// be reached.
const PAGE_SIZE = 100;
// Tailwind's `lg`: map and list side by side; below it one of them at a time.
export const WIDE = '(min-width: 64rem)';

export function listVariables(filters: PhysicalFilters, search: string, near: LatLng, bounds: Bounds | null) {
  return { filter: physicalFilterVariables({ ...filters, search }, { near, bounds }), first: PAGE_SIZE };
}

export function centerOf(shell: DashboardShellQuery | undefined): LatLng {
  const center = shell?.me?.mapCenter;
  return center ? { lat: center.lat, lng: center.lng } : getConfig().map.defaultCenter;
}

// How long the page's first render waits for the account (the first screen is on show meanwhile).
const SHELL_WAIT_MS = 1500;

export async function loader() {
  // The API client's creation and its first query are among the longest tasks of the start on a
  // phone: each runs in a task of its own, after the one that loaded this page's code (ADR 050).
  await nextTask();
  const client = getApolloClient();
  await nextTask();
  // The user's map centre comes with the shell's query (one request for both); without the IP
  // location the page still works (Istanbul).
  const shellReady = client.query({ query: DASHBOARD_SHELL_QUERY, errorPolicy: 'all' }).then(
    () => true,
    () => false,
  );
  // On a wide screen the first page of the list leaves as soon as the user's centre is known, while
  // the page's code is still arriving (ADR 044); the list's useQuery then finds it in flight or in the
  // cache. On a phone the map shows first and asks for its visible area itself (see PhysicalResults).
  if (window.matchMedia(WIDE).matches) {
    void shellReady
      .then(() => {
        const shell = client.readQuery({ query: DASHBOARD_SHELL_QUERY }) ?? undefined;
        return client.query({
          query: PHYSICAL_DASHBOARD_QUERY,
          variables: listVariables(EMPTY_PHYSICAL_FILTERS, '', centerOf(shell), null),
        });
      })
      .catch(() => undefined);
  }
  // The page's first render waits a moment for the account, so that it is drawn once with it instead
  // of twice, and the shell reads it from the cache instead of asking again (ADR 050).
  await Promise.race([shellReady, new Promise((resolve) => setTimeout(resolve, SHELL_WAIT_MS))]);
  return null;
}
