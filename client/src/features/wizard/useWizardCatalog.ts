import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type {
  EventMode,
  WizardCatalogQuery,
  WizardCatalogQueryVariables,
} from '#client/__generated__/graphql.ts';

// Categories (with tags and marker icons), platforms, durations and the limits the server enforces
// come from the server's catalogue: values are stable ids, labels are in the viewer's language.
export const WIZARD_CATALOG_QUERY: TypedDocumentNode<WizardCatalogQuery, WizardCatalogQueryVariables> = gql`
  query WizardCatalogQuery {
    eventCatalog {
      physical {
        ...WizardCategory
      }
      online {
        ...WizardCategory
      }
      platforms {
        id
        label
      }
      durations {
        minutes
        label
      }
      limits {
        titleMin
        titleMax
        descriptionMin
        descriptionMax
        tagsMax
        participantsMin
        participantsMax
        participantsDefault
        creationCost
      }
    }
  }
  fragment WizardCategory on EventCategory {
    id
    label
    icon
    tags {
      id
      label
    }
  }
`;

export type Catalog = WizardCatalogQuery['eventCatalog'];
export type Limits = Catalog['limits'];

export function useWizardCatalog() {
  const { data, error, loading, refetch } = useQuery(WIZARD_CATALOG_QUERY, { fetchPolicy: 'cache-first' });
  return { catalog: data?.eventCatalog ?? null, error, loading, refetch };
}

// The categories (with their tags) of the event type chosen in step 1.
export function categoriesOf(catalog: Catalog, mode: EventMode | null) {
  return mode === 'ONLINE' ? catalog.online : catalog.physical;
}

// Labels of stored ids (an id the catalogue does not know shows as itself).
export function catalogLabels(catalog: Catalog | null) {
  const categories = catalog ? [...catalog.physical, ...catalog.online] : [];
  const tags = new Map(categories.flatMap((c) => c.tags.map((tag) => [tag.id, tag.label] as const)));
  return {
    category: (id: string) => categories.find((c) => c.id === id)?.label ?? id,
    tag: (id: string) => tags.get(id) ?? id,
    platform: (id: string) => catalog?.platforms.find((p) => p.id === id)?.label ?? id,
  };
}
