import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type { RequestToJoinMutation, RequestToJoinMutationVariables } from '#client/__generated__/graphql.ts';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';
import { JOIN_STATUS_PANEL_FRAGMENT } from '#client/features/join-requests/joinStatusFragment.ts';

export const REQUEST_TO_JOIN_MUTATION: TypedDocumentNode<
  RequestToJoinMutation,
  RequestToJoinMutationVariables
> = gql`
  mutation RequestToJoinMutation($input: RequestToJoinInput!) {
    requestToJoin(input: $input) {
      joinRequest {
        id
        status
        declinedByCheck
        check {
          verdict
          reasons
          supportText
        }
      }
      event {
        ...JoinStatusPanel_event
        participantCount
      }
    }
  }
  ${JOIN_STATUS_PANEL_FRAGMENT}
`;

// The event (the viewer's role and request) updates by id, so list cards, map popups and the event
// page show the new state; My Events reads its list and counters again when next shown.
export function useRequestToJoinMutation() {
  return useMutation(REQUEST_TO_JOIN_MUTATION, {
    update(cache) {
      evictRootFields(cache, ['myEvents', 'myEventCounts']);
    },
  });
}
