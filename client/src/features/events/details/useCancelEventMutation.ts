import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type { CancelEventMutation, CancelEventMutationVariables } from '#client/__generated__/graphql.ts';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';

export const CANCEL_EVENT_MUTATION: TypedDocumentNode<CancelEventMutation, CancelEventMutationVariables> =
  gql`
    mutation CancelEventMutation($input: CancelEventInput!) {
      cancelEvent(input: $input) {
        event {
          id
          status
          cancelledAt
          timeLeft
        }
        tokenRefunded
        viewer {
          id
          tokenBalance
        }
      }
    }
  `;

// The payload's event (status, cancelledAt) and viewer (balance after a refund) update by id; lists
// and the lobby stats drop, as a cancelled event leaves them.
export function useCancelEventMutation() {
  return useMutation(CANCEL_EVENT_MUTATION, {
    update(cache) {
      evictRootFields(cache, ['events', 'lobbyStats']);
    },
  });
}
