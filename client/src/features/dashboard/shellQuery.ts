import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import type { DashboardShellQuery, DashboardShellQueryVariables } from '#client/__generated__/graphql.ts';

// The signed-in user as the shell shows them, with the badges' counts. The physical dashboard's loader
// starts it too (its map centre), so both share one request (ADR 050).
export const DASHBOARD_SHELL_QUERY: TypedDocumentNode<DashboardShellQuery, DashboardShellQueryVariables> =
  gql`
    query DashboardShellQuery {
      me {
        id
        displayName
        email
        avatarUrl
        tokenBalance
        locale
        role
        mapCenter {
          lat
          lng
        }
      }
      # The badges' counts, read by the live hooks from the cache (no request of their own at start).
      unreadNotificationCount
      hostPendingRequestCount
      unreadMessageCount
    }
  `;
