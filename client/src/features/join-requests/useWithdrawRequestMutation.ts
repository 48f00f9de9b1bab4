import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  WithdrawRequestMutation,
  WithdrawRequestMutationVariables,
} from '#client/__generated__/graphql.ts';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';
import { JOIN_STATUS_PANEL_FRAGMENT } from '#client/features/join-requests/joinStatusFragment.ts';

export const WITHDRAW_REQUEST_MUTATION: TypedDocumentNode<
  WithdrawRequestMutation,
  WithdrawRequestMutationVariables
> = gql`
  mutation WithdrawRequestMutation($input: JoinRequestRefInput!) {
    withdrawRequest(input: $input) {
      joinRequest {
        id
        status
        decidedAt
      }
      event {
        ...JoinStatusPanel_event
        participantCount
      }
    }
  }
  ${JOIN_STATUS_PANEL_FRAGMENT}
`;

// The requester takes back a pending request: the event (role, own request) updates by id; My Events
// reads its lists and counters again when next shown.
export function useWithdrawRequestMutation() {
  return useMutation(WITHDRAW_REQUEST_MUTATION, {
    update(cache) {
      evictRootFields(cache, ['myEvents', 'myEventCounts']);
    },
  });
}
