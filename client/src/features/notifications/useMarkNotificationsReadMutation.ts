import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  MarkNotificationsReadMutation,
  MarkNotificationsReadMutationVariables,
} from '#client/__generated__/graphql.ts';

export const MARK_NOTIFICATIONS_READ_MUTATION: TypedDocumentNode<
  MarkNotificationsReadMutation,
  MarkNotificationsReadMutationVariables
> = gql`
  mutation MarkNotificationsReadMutation($input: MarkNotificationsReadInput!) {
    markNotificationsRead(input: $input) {
      unreadCount
    }
  }
`;

// The bell's count comes back with the answer; the notifications marked read lose their unread style.
export function useMarkNotificationsReadMutation() {
  return useMutation(MARK_NOTIFICATIONS_READ_MUTATION, {
    update(cache, { data }, { variables }) {
      if (!data) return;
      const readAt = new Date().toISOString();
      const input = variables?.input;
      const ids = input?.all ? null : new Set(input?.ids ?? []);
      cache.modify({
        id: 'ROOT_QUERY',
        fields: { unreadNotificationCount: () => data.markNotificationsRead.unreadCount },
      });
      // Every cached notification, or the listed ones.
      const normalized = cache.extract() as Record<string, { __typename?: string; id?: string }>;
      for (const [key, value] of Object.entries(normalized)) {
        if (value?.__typename !== 'Notification' || !value.id || (ids && !ids.has(value.id))) continue;
        cache.modify({ id: key, fields: { readAt: (current: string | null) => current ?? readAt } });
      }
    },
  });
}
