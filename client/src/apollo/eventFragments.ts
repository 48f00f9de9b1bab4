import { gql } from '#client/apollo/gql.ts';

// Two parts of an Event that the cache cannot merge by id (participants and the place have no id of
// their own), so every document that changes them must select all their fields: the details route
// (query and live subscription), join-requests (accept, leave) and the wizard (update). Features do
// not import each other, so these shared shapes live beside the cache rather than in one feature.

// Who takes part, as the Participants tab shows it, with the host's own rating of each once the
// event is over.
export const EVENT_ROSTER_FRAGMENT = gql`
  fragment EventRoster_event on Event {
    id
    participantCount
    viewerCanRateParticipants
    participants {
      joinedAt
      viewerRating {
        id
        score
        feedback
      }
      user {
        id
        displayName
        username
        avatarUrl
        participantRating {
          average
          count
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
