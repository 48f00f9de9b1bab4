import { gql } from '#client/apollo/gql.ts';

// What a saved draft brings back to the wizard (and what the Drafts tab shows of it).
export const EVENT_DRAFT_FRAGMENT = gql`
  fragment EventDraft_draft on EventDraft {
    id
    mode
    step
    updatedAt
    values {
      title
      description
      category
      tags
      date
      time
      durationMinutes
      maxParticipants
      location {
        name
        address
        lat
        lng
      }
      publicLocation
      platform
      requirements
      skillLevel
      venueType
      voiceChat
      language
      recurrence {
        frequency
        count
      }
      autoApproval {
        verifiedEmail
        sameCity
        friendsOnly
        minRating
        minReliability
      }
    }
  }
`;
