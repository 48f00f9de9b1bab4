import type { ApolloCache, Reference, TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  AcceptRequestMutation,
  AcceptRequestMutationVariables,
  DeclineRequestMutation,
  DeclineRequestMutationVariables,
} from '#client/__generated__/graphql.ts';
import { EVENT_ROSTER_FRAGMENT } from '#client/apollo/eventFragments.ts';

export const ACCEPT_REQUEST_MUTATION: TypedDocumentNode<
  AcceptRequestMutation,
  AcceptRequestMutationVariables
> = gql`
  mutation AcceptRequestMutation($input: JoinRequestRefInput!) {
    acceptRequest(input: $input) {
      joinRequest {
        id
        status
        decidedAt
      }
      event {
        id
        participantCount
        freeSlots
        pendingRequestCount
        ...EventRoster_event
      }
    }
  }
  ${EVENT_ROSTER_FRAGMENT}
`;

export const DECLINE_REQUEST_MUTATION: TypedDocumentNode<
  DeclineRequestMutation,
  DeclineRequestMutationVariables
> = gql`
  mutation DeclineRequestMutation($input: JoinRequestRefInput!) {
    declineRequest(input: $input) {
      joinRequest {
        id
        status
        decidedAt
      }
      event {
        id
        participantCount
        freeSlots
        pendingRequestCount
      }
    }
  }
`;

// The decided request leaves every cached pending list of its event, and the header's count of
// requests waiting for the host drops by one (each decision concerns a running or upcoming event,
// which is what that count covers). The payload's event (count, participants) updates by id.
function removeFromPending(cache: ApolloCache, eventId: string, requestId: string) {
  cache.modify({
    id: cache.identify({ __typename: 'Event', id: eventId }),
    fields: {
      joinRequests(existing: readonly Reference[] | null, { storeFieldName, readField }) {
        if (!existing || !storeFieldName.includes('"PENDING"')) return existing;
        return existing.filter((ref) => readField('id', ref) !== requestId);
      },
    },
  });
  cache.modify({
    id: 'ROOT_QUERY',
    fields: { hostPendingRequestCount: (count: number) => Math.max(0, count - 1) },
  });
}

export function useAcceptRequestMutation() {
  return useMutation(ACCEPT_REQUEST_MUTATION, {
    update(cache, { data }) {
      const result = data?.acceptRequest;
      if (result) removeFromPending(cache, result.event.id, result.joinRequest.id);
    },
  });
}

export function useDeclineRequestMutation() {
  return useMutation(DECLINE_REQUEST_MUTATION, {
    update(cache, { data }) {
      const result = data?.declineRequest;
      if (result) removeFromPending(cache, result.event.id, result.joinRequest.id);
    },
  });
}
