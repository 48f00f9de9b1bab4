import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  BlockUserMutation,
  BlockUserMutationVariables,
  UnblockUserMutation,
  UnblockUserMutationVariables,
} from '#client/__generated__/graphql.ts';
import { evictFieldsOfEveryEvent, evictRootFields } from '#client/apollo/cacheEvictions.ts';

export const BLOCK_USER_MUTATION: TypedDocumentNode<BlockUserMutation, BlockUserMutationVariables> = gql`
  mutation BlockUserMutation($input: BlockUserInput!) {
    blockUser(input: $input) {
      user {
        id
        viewerHasBlocked
      }
    }
  }
`;

export const UNBLOCK_USER_MUTATION: TypedDocumentNode<UnblockUserMutation, UnblockUserMutationVariables> =
  gql`
    mutation UnblockUserMutation($input: UnblockUserInput!) {
      unblockUser(input: $input) {
        user {
          id
          viewerHasBlocked
        }
      }
    }
  `;

// Block or unblock. The payload's User (viewerHasBlocked) updates by id. Event lists are evicted, as
// the server hides (or shows again) the other side's events; a block also ends pending requests
// between the two, so the events' request lists, My Events and the header's pending count are evicted
// too, and read again where they are on screen.
export function useBlockUserMutation() {
  const [block, blockState] = useMutation(BLOCK_USER_MUTATION, {
    update(cache) {
      evictFieldsOfEveryEvent(cache, ['joinRequests']);
      evictRootFields(cache, ['events', 'blockedUsers', 'myEvents', 'hostPendingRequestCount']);
    },
  });
  const [unblock, unblockState] = useMutation(UNBLOCK_USER_MUTATION, {
    update(cache) {
      evictRootFields(cache, ['events', 'blockedUsers']);
    },
  });
  const toggle = (userId: string, blocked: boolean) => {
    const variables = { input: { userId } };
    return blocked ? unblock({ variables }) : block({ variables });
  };
  return { toggle, loading: blockState.loading || unblockState.loading };
}
