import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type { RateEventMutation, RateEventMutationVariables } from '#client/__generated__/graphql.ts';
import { RATING_CARD_FRAGMENT } from '#client/features/ratings/ratingCardFragment.ts';

// The payload carries everything a rating changes, so the normalized cache updates the card, the
// event's results (average, feedback count) and the host's average at once; no refetch.
export const RATE_EVENT_MUTATION: TypedDocumentNode<RateEventMutation, RateEventMutationVariables> = gql`
  mutation RateEventMutation($input: RateEventInput!) {
    rateEvent(input: $input) {
      event {
        ...RatingCard_event
        averageRating
        feedbackCount
        host {
          id
          stats {
            averageRating
          }
        }
      }
      rating {
        id
        score
        feedback
        createdAt
      }
    }
  }
  ${RATING_CARD_FRAGMENT}
`;

export function useRateEventMutation() {
  const [mutate, { loading }] = useMutation(RATE_EVENT_MUTATION);
  const rate = (eventId: string, score: number, feedback: string | null) =>
    mutate({ variables: { input: { eventId, score, feedback } } });
  return { rate, loading };
}
