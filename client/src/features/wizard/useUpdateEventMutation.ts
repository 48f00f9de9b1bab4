import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type { UpdateEventMutation, UpdateEventMutationVariables } from '#client/__generated__/graphql.ts';
import { EVENT_PLACE_FRAGMENT } from '#client/apollo/eventFragments.ts';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';

export const UPDATE_EVENT_MUTATION: TypedDocumentNode<UpdateEventMutation, UpdateEventMutationVariables> =
  gql`
    mutation UpdateEventMutation($input: UpdateEventInput!) {
      updateEvent(input: $input) {
        event {
          id
          title
          description
          category {
            id
            label
          }
          tags {
            id
            label
          }
          startsAt
          endsAt
          date
          time
          durationMinutes
          maxParticipants
          freeSlots
          publicLocation
          platform {
            id
            label
          }
          requirements
          skillLevel
          venueType
          voiceChat
          language
          gameType
          timeLeft
          startsInMinutes
          ...EventPlace_event
        }
      }
    }
    ${EVENT_PLACE_FRAGMENT}
  `;

// The payload's event updates the cached Event by id; lists drop, as the change may move the event
// in or out of a filter (time, category, place).
export function useUpdateEventMutation() {
  return useMutation(UPDATE_EVENT_MUTATION, {
    update(cache) {
      evictRootFields(cache, ['events']);
    },
  });
}
