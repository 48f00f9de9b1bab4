import { gql } from '#client/apollo/gql.ts';

// What JoinStatusPanel reads, also selected by the mutations that change it (a file of its own, so the
// panel and those mutation hooks do not import each other).
export const JOIN_STATUS_PANEL_FRAGMENT = gql`
  fragment JoinStatusPanel_event on Event {
    id
    status
    freeSlots
    viewerRole
    viewerAttendance
    viewerJoinRequest {
      id
      status
      message
      declinedByCheck
      createdAt
      waitlist
      waitlistPosition
      offerExpiresAt
      check {
        verdict
        reasons
      }
    }
  }
`;
