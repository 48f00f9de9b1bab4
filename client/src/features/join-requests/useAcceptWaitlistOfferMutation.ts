import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  AcceptWaitlistOfferMutation,
  AcceptWaitlistOfferMutationVariables,
} from '#client/__generated__/graphql.ts';
import { evictEventFields, evictRootFields } from '#client/apollo/cacheEvictions.ts';
import { JOIN_STATUS_PANEL_FRAGMENT } from '#client/features/join-requests/joinStatusFragment.ts';

export const ACCEPT_WAITLIST_OFFER_MUTATION: TypedDocumentNode<
  AcceptWaitlistOfferMutation,
  AcceptWaitlistOfferMutationVariables
> = gql`
  mutation AcceptWaitlistOfferMutation($input: AcceptWaitlistOfferInput!) {
    acceptWaitlistOffer(input: $input) {
      joinRequest {
        id
        status
      }
      event {
        ...JoinStatusPanel_event
        participantCount
      }
    }
  }
  ${JOIN_STATUS_PANEL_FRAGMENT}
`;

// Takes the place offered from the waitlist (ADR 045): the event's role and request update by id;
// what a participant may see (the exact place, the roster) is read again; My Events too.
export function useAcceptWaitlistOfferMutation() {
  return useMutation(ACCEPT_WAITLIST_OFFER_MUTATION, {
    update(cache, { data }) {
      const id = data?.acceptWaitlistOffer.event.id;
      if (id) evictEventFields(cache, id, ['location', 'participants']);
      evictRootFields(cache, ['myEvents', 'myEventCounts']);
    },
  });
}
