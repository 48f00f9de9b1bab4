import { useEffect } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  RecordEventShareMutation,
  RecordEventShareMutationVariables,
  RecordEventViewMutation,
  RecordEventViewMutationVariables,
  ShareChannel,
} from '#client/__generated__/graphql.ts';

export const RECORD_EVENT_VIEW_MUTATION: TypedDocumentNode<
  RecordEventViewMutation,
  RecordEventViewMutationVariables
> = gql`
  mutation RecordEventViewMutation($input: EventRefInput!) {
    recordEventView(input: $input) {
      counted
    }
  }
`;

export const RECORD_EVENT_SHARE_MUTATION: TypedDocumentNode<
  RecordEventShareMutation,
  RecordEventShareMutationVariables
> = gql`
  mutation RecordEventShareMutation($input: RecordEventShareInput!) {
    recordEventShare(input: $input) {
      counted
    }
  }
`;

// StrictMode mounts effects twice in development; a view within this window is the same page open.
const SAME_OPEN_MS = 3000;
const lastRecorded = new Map<string, number>();

// Counts one view of the details page when it opens (the server counts a viewer once a day).
export function useRecordEventView(eventId: string | null) {
  const [record] = useMutation(RECORD_EVENT_VIEW_MUTATION);
  useEffect(() => {
    if (!eventId) return;
    const now = Date.now();
    if (now - (lastRecorded.get(eventId) ?? 0) < SAME_OPEN_MS) return;
    lastRecorded.set(eventId, now);
    record({ variables: { input: { id: eventId } } }).catch(() => {
      // Analytics only: a failed count does not concern the visitor.
    });
  }, [eventId, record]);
}

export function useRecordEventShare() {
  const [record] = useMutation(RECORD_EVENT_SHARE_MUTATION);
  return (eventId: string, channel: ShareChannel) => {
    record({ variables: { input: { id: eventId, channel } } }).catch(() => {});
  };
}
