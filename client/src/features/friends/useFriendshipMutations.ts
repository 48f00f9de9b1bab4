import { useCallback } from 'react';
import type { ApolloCache, TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  CancelFriendRequestMutation,
  CancelFriendRequestMutationVariables,
  RemoveFriendMutation,
  RemoveFriendMutationVariables,
  RespondToFriendRequestMutation,
  RespondToFriendRequestMutationVariables,
  SendFriendRequestMutation,
  SendFriendRequestMutationVariables,
} from '#client/__generated__/graphql.ts';
import { evictFieldsOfEveryEvent, evictRootFields } from '#client/apollo/cacheEvictions.ts';

// The four friendship actions. Each answer carries the other user with the relation updated (by id:
// every profile, button and row showing them follows); the lists it changes are evicted by field, and
// when a friendship begins or ends, which friends go to which events too.

const FRIENDSHIP_USER = gql`
  fragment FriendshipActions_user on User {
    id
    friendship
    friendCount
    mutualFriendCount
    viewerCanMessage
  }
`;

export const SEND_FRIEND_REQUEST_MUTATION: TypedDocumentNode<
  SendFriendRequestMutation,
  SendFriendRequestMutationVariables
> = gql`
  mutation SendFriendRequestMutation($input: FriendUserInput!) {
    sendFriendRequest(input: $input) {
      user {
        ...FriendshipActions_user
      }
    }
  }
  ${FRIENDSHIP_USER}
`;

export const RESPOND_TO_FRIEND_REQUEST_MUTATION: TypedDocumentNode<
  RespondToFriendRequestMutation,
  RespondToFriendRequestMutationVariables
> = gql`
  mutation RespondToFriendRequestMutation($input: RespondToFriendRequestInput!) {
    respondToFriendRequest(input: $input) {
      user {
        ...FriendshipActions_user
      }
    }
  }
  ${FRIENDSHIP_USER}
`;

export const CANCEL_FRIEND_REQUEST_MUTATION: TypedDocumentNode<
  CancelFriendRequestMutation,
  CancelFriendRequestMutationVariables
> = gql`
  mutation CancelFriendRequestMutation($input: FriendUserInput!) {
    cancelFriendRequest(input: $input) {
      user {
        ...FriendshipActions_user
      }
    }
  }
  ${FRIENDSHIP_USER}
`;

export const REMOVE_FRIEND_MUTATION: TypedDocumentNode<RemoveFriendMutation, RemoveFriendMutationVariables> =
  gql`
    mutation RemoveFriendMutation($input: FriendUserInput!) {
      removeFriend(input: $input) {
        user {
          ...FriendshipActions_user
        }
      }
    }
    ${FRIENDSHIP_USER}
  `;

function evictAfter(cache: ApolloCache, friendshipChanged: boolean) {
  evictRootFields(
    cache,
    friendshipChanged ? ['friendRequests', 'friends', 'friendsEvents'] : ['friendRequests'],
  );
  if (friendshipChanged) evictFieldsOfEveryEvent(cache, ['friendsGoing']);
}

export type FriendshipAction = 'send' | 'accept' | 'decline' | 'cancel' | 'remove';

// One hook for the buttons: run(action, userId) resolves with the new status.
export function useFriendshipActions() {
  const [send, sendState] = useMutation(SEND_FRIEND_REQUEST_MUTATION, {
    // Sending to someone who asked first makes friends at once.
    update: (cache, { data }) => evictAfter(cache, data?.sendFriendRequest.user.friendship === 'FRIENDS'),
  });
  const [respond, respondState] = useMutation(RESPOND_TO_FRIEND_REQUEST_MUTATION, {
    update: (cache, { data }) =>
      evictAfter(cache, data?.respondToFriendRequest.user.friendship === 'FRIENDS'),
  });
  const [cancel, cancelState] = useMutation(CANCEL_FRIEND_REQUEST_MUTATION, {
    update: (cache) => evictAfter(cache, false),
  });
  const [remove, removeState] = useMutation(REMOVE_FRIEND_MUTATION, {
    update: (cache) => evictAfter(cache, true),
  });

  const run = useCallback(
    async (action: FriendshipAction, userId: string) => {
      const input = { userId };
      switch (action) {
        case 'send':
          return (await send({ variables: { input } })).data?.sendFriendRequest.user.friendship;
        case 'accept':
        case 'decline':
          return (await respond({ variables: { input: { userId, accept: action === 'accept' } } })).data
            ?.respondToFriendRequest.user.friendship;
        case 'cancel':
          return (await cancel({ variables: { input } })).data?.cancelFriendRequest.user.friendship;
        case 'remove':
          return (await remove({ variables: { input } })).data?.removeFriend.user.friendship;
      }
    },
    [send, respond, cancel, remove],
  );
  const loading = sendState.loading || respondState.loading || cancelState.loading || removeState.loading;
  return { run, loading };
}
