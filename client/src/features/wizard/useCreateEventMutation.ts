import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type { CreateEventMutation, CreateEventMutationVariables } from '#client/__generated__/graphql.ts';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';

export const CREATE_EVENT_MUTATION: TypedDocumentNode<CreateEventMutation, CreateEventMutationVariables> =
  gql`
    mutation CreateEventMutation($input: CreateEventInput!) {
      createEvent(input: $input) {
        event {
          id
          mode
          title
          status
          viewerRole
        }
        viewer {
          id
          tokenBalance
        }
      }
    }
  `;

// Creates the event; the payload's viewer updates the cached balance (User:id), and every cached
// event list and the lobby stats are dropped so the lists on screen fetch again with the new event
// (whether it matches a list's filter is the server's to say).
export function useCreateEventMutation() {
  return useMutation(CREATE_EVENT_MUTATION, {
    update(cache) {
      evictRootFields(cache, ['events', 'lobbyStats', 'myEventDrafts']);
    },
  });
}
