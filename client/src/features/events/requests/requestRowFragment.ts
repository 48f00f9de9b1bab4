import { gql } from '@apollo/client';

// What a request row shows (RequestRow.tsx); shared by the Requests tab and the Join Requests dialog.
export const REQUEST_ROW_FRAGMENT = gql`
  fragment RequestRow_joinRequest on JoinRequest {
    id
    status
    message
    createdAt
    declinedByCheck
    check {
      verdict
      reasons
    }
    user {
      id
      displayName
      username
      avatarUrl
      stats {
        averageRating
        eventsJoined
      }
    }
  }
`;
