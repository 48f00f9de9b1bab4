import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  DeleteEventDraftMutation,
  DeleteEventDraftMutationVariables,
  SaveEventDraftMutation,
  SaveEventDraftMutationVariables,
} from '#client/__generated__/graphql.ts';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';
import { EVENT_DRAFT_FRAGMENT } from '#client/features/wizard/draftFragment.ts';

export const SAVE_EVENT_DRAFT_MUTATION: TypedDocumentNode<
  SaveEventDraftMutation,
  SaveEventDraftMutationVariables
> = gql`
  mutation SaveEventDraftMutation($input: SaveEventDraftInput!) {
    saveEventDraft(input: $input) {
      draft {
        ...EventDraft_draft
      }
    }
  }
  ${EVENT_DRAFT_FRAGMENT}
`;

export const DELETE_EVENT_DRAFT_MUTATION: TypedDocumentNode<
  DeleteEventDraftMutation,
  DeleteEventDraftMutationVariables
> = gql`
  mutation DeleteEventDraftMutation($input: DeleteEventDraftInput!) {
    deleteEventDraft(input: $input) {
      id
    }
  }
`;

// Saving a draft: the Drafts tab's list is read again (a new draft goes first); the draft itself
// updates by id.
export function useSaveEventDraftMutation() {
  return useMutation(SAVE_EVENT_DRAFT_MUTATION, {
    update(cache) {
      evictRootFields(cache, ['myEventDrafts']);
    },
  });
}

export function useDeleteEventDraftMutation() {
  return useMutation(DELETE_EVENT_DRAFT_MUTATION, {
    update(cache, { data }) {
      const id = data?.deleteEventDraft.id;
      if (id) cache.evict({ id: cache.identify({ __typename: 'EventDraft', id }) });
      evictRootFields(cache, ['myEventDrafts']);
    },
  });
}
