import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  SaveEventMutation,
  SaveEventMutationVariables,
  UnsaveEventMutation,
  UnsaveEventMutationVariables,
} from '#client/__generated__/graphql.ts';

export const SAVE_EVENT_MUTATION: TypedDocumentNode<SaveEventMutation, SaveEventMutationVariables> = gql`
  mutation SaveEventMutation($input: EventRefInput!) {
    saveEvent(input: $input) {
      event {
        id
        saveCount
        viewerHasSaved
      }
    }
  }
`;

export const UNSAVE_EVENT_MUTATION: TypedDocumentNode<UnsaveEventMutation, UnsaveEventMutationVariables> =
  gql`
    mutation UnsaveEventMutation($input: EventRefInput!) {
      unsaveEvent(input: $input) {
        event {
          id
          saveCount
          viewerHasSaved
        }
      }
    }
  `;

// Save or unsave (like) an event, optimistically: the payload's Event (id, saveCount, viewerHasSaved)
// settles the cache.
export function useToggleSaveEventMutation() {
  const [save, saveState] = useMutation(SAVE_EVENT_MUTATION);
  const [unsave, unsaveState] = useMutation(UNSAVE_EVENT_MUTATION);
  const toggle = (eventId: string, saved: boolean, saveCount: number) => {
    const variables = { input: { id: eventId } };
    const event = {
      __typename: 'Event' as const,
      id: eventId,
      saveCount: Math.max(0, saveCount + (saved ? -1 : 1)),
      viewerHasSaved: !saved,
    };
    return saved
      ? unsave({ variables, optimisticResponse: { unsaveEvent: { __typename: 'SaveEventPayload', event } } })
      : save({ variables, optimisticResponse: { saveEvent: { __typename: 'SaveEventPayload', event } } });
  };
  return { toggle, loading: saveState.loading || unsaveState.loading };
}
