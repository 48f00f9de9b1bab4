import { gql } from '#client/apollo/gql.ts';

// What RatingCard reads, also selected by useRateEventMutation (a file of its own, so the card and the
// hook do not import each other).
export const RATING_CARD_FRAGMENT = gql`
  fragment RatingCard_event on Event {
    id
    viewerCanRate
    viewerRating {
      id
      score
      feedback
      createdAt
    }
  }
`;
