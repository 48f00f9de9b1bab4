import { gql } from '@apollo/client';

// Who takes part, as the Participants tab shows it. Selected by the details query and by everything
// that changes it (accepting a request, leaving, the live subscription), so those results update the
// cached event by id. A file of its own, so the route and those hooks do not import each other.
export const EVENT_ROSTER_FRAGMENT = gql`
  fragment EventRoster_event on Event {
    id
    participantCount
    participants {
      joinedAt
      user {
        id
        displayName
        username
        avatarUrl
        stats {
          averageRating
        }
      }
    }
  }
`;

// Where the event is: exact for the host and participants, approximate for others (joining or leaving
// changes which one the viewer gets).
export const EVENT_PLACE_FRAGMENT = gql`
  fragment EventPlace_event on Event {
    id
    location {
      name
      address
      lat
      lng
      exact
    }
  }
`;
