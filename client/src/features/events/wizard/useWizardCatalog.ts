import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { WizardCatalogQuery, WizardCatalogQueryVariables } from '#client/__generated__/graphql.ts';

// Categories (with tags and marker icons), platforms and durations come from the server's catalog.
export const WIZARD_CATALOG_QUERY: TypedDocumentNode<WizardCatalogQuery, WizardCatalogQueryVariables> = gql`
  query WizardCatalogQuery {
    eventCatalog {
      physical {
        name
        icon
        tags
      }
      online {
        name
        icon
        tags
      }
      platforms
      durations {
        minutes
        label
      }
    }
  }
`;

export type Catalog = WizardCatalogQuery['eventCatalog'];

export function useWizardCatalog() {
  const { data, error, loading, refetch } = useQuery(WIZARD_CATALOG_QUERY, { fetchPolicy: 'cache-first' });
  return { catalog: data?.eventCatalog ?? null, error, loading, refetch };
}
