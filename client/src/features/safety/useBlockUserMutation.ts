import { isReference, type ApolloCache, type Reference, type TypedDocumentNode } from '@apollo/client';
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
        friendship
        friendCount
        mutualFriendCount
        viewerCanMessage
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

// Block or unblock. The payload's User (viewerHasBlocked, and the friendship the block ended) updates
// by id. The blocked user leaves the cached friends list at once (a block ends the friendship on the
// server); friend requests and which friends go where are evicted. Event lists are evicted, as the
// server hides (or shows again) the other side's events; a block also ends pending requests between
// the two, so the events' request lists, My Events and the header's pending count are evicted too, and
// read again where they are on screen.
export function useBlockUserMutation() {
  const [block, blockState] = useMutation(BLOCK_USER_MUTATION, {
    update(cache, { data }) {
      const userId = data?.blockUser.user.id;
      if (userId) dropFriend(cache, userId);
      evictFieldsOfEveryEvent(cache, ['joinRequests', 'friendsGoing']);
      evictRootFields(cache, [
        'events',
        'blockedUsers',
        'myEvents',
        'hostPendingRequestCount',
        'friendRequests',
        'friendsEvents',
      ]);
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

// Friends are not normalized (a Friend has no id): the row whose user is the blocked one is filtered
// out of every cached page of Query.friends.
type FriendPage = { nodes: readonly { user: Reference }[] };

function dropFriend(cache: ApolloCache, userId: string) {
  cache.modify<{ friends: FriendPage }>({
    id: 'ROOT_QUERY',
    fields: {
      friends(existing, { readField }) {
        if (isReference(existing) || !Array.isArray(existing.nodes)) return existing;
        const all = existing.nodes as FriendPage['nodes'];
        const nodes = all.filter((node) => readField('id', node.user) !== userId);
        return nodes.length === all.length ? existing : { ...existing, nodes };
      },
    },
  });
}
