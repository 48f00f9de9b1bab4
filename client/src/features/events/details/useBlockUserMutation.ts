import { gql, type ApolloCache, type TypedDocumentNode } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import type {
  BlockUserMutation,
  BlockUserMutationVariables,
  UnblockUserMutation,
  UnblockUserMutationVariables,
} from '#client/__generated__/graphql.ts';
import { refetchActive } from '#client/apollo/refetchActive.ts';

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
// between the two, so the request lists and the header badge on screen are read again.
export function useBlockUserMutation() {
  const client = useApolloClient();
  const update = (cache: ApolloCache) => {
    cache.evict({ id: 'ROOT_QUERY', fieldName: 'events' });
    cache.evict({ id: 'ROOT_QUERY', fieldName: 'blockedUsers' });
    cache.gc();
  };
  const [block, blockState] = useMutation(BLOCK_USER_MUTATION, { update });
  const [unblock, unblockState] = useMutation(UNBLOCK_USER_MUTATION, { update });
  const toggle = async (userId: string, blocked: boolean) => {
    const variables = { input: { userId } };
    if (blocked) return unblock({ variables });
    const result = await block({ variables });
    refetchActive(client, ['RequestsPanelQuery', 'MyEventsListQuery', 'LiveCountsQuery']);
    return result;
  };
  return { toggle, loading: blockState.loading || unblockState.loading };
}
