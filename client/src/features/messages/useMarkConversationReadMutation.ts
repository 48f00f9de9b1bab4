import { useCallback } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  MarkConversationReadMutation,
  MarkConversationReadMutationVariables,
} from '#client/__generated__/graphql.ts';
import { setUnreadMessageCount } from '#client/features/messages/inboxCache.ts';

export const MARK_CONVERSATION_READ_MUTATION: TypedDocumentNode<
  MarkConversationReadMutation,
  MarkConversationReadMutationVariables
> = gql`
  mutation MarkConversationReadMutation($input: MarkConversationReadInput!) {
    markConversationRead(input: $input) {
      conversation {
        id
        unreadCount
      }
      unreadMessageCount
    }
  }
`;

// The conversation's count (by id) and the inbox badge come back with the answer.
export function useMarkConversationReadMutation() {
  const [mutate] = useMutation(MARK_CONVERSATION_READ_MUTATION, {
    update(cache, { data }) {
      if (data) setUnreadMessageCount(cache, data.markConversationRead.unreadMessageCount);
    },
  });
  return useCallback(
    (conversationId: string) => mutate({ variables: { input: { conversationId } } }),
    [mutate],
  );
}
