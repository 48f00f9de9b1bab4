import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type {
  SaveEventMutation,
  SaveEventMutationVariables,
  UnsaveEventMutation,
  UnsaveEventMutationVariables,
} from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/features/events/errors.ts';

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

// The like button: optimistic, the payload's Event (id, saveCount, viewerHasSaved) settles the cache.
export function SaveButton({
  eventId,
  saveCount,
  saved,
}: {
  eventId: string;
  saveCount: number;
  saved: boolean;
}) {
  const { t, fmt } = useI18n();
  const toast = useToast();
  const [save, { loading: saving }] = useMutation(SAVE_EVENT_MUTATION);
  const [unsave, { loading: unsaving }] = useMutation(UNSAVE_EVENT_MUTATION);

  const onClick = async () => {
    const variables = { input: { id: eventId } };
    const event = {
      __typename: 'Event' as const,
      id: eventId,
      saveCount: Math.max(0, saveCount + (saved ? -1 : 1)),
      viewerHasSaved: !saved,
    };
    try {
      if (saved)
        await unsave({
          variables,
          optimisticResponse: { unsaveEvent: { __typename: 'SaveEventPayload', event } },
        });
      else
        await save({
          variables,
          optimisticResponse: { saveEvent: { __typename: 'SaveEventPayload', event } },
        });
    } catch (error) {
      toast.error(userFacingMessage(error, t('error.text')));
    }
  };

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void onClick()}
      disabled={saving || unsaving}
      aria-pressed={saved}
      aria-label={`${saved ? t('details.saved') : t('details.save')} · ${t('details.saveCount', { count: saveCount })}`}
      className={saved ? 'border-pop-500/70 text-pop-400' : undefined}
      data-testid="save-button"
    >
      <span aria-hidden="true">{saved ? '♥' : '♡'}</span>
      {saved ? t('details.saved') : t('details.save')}
      <span className="tabular-nums text-ink-300">{fmt.number(saveCount)}</span>
    </Button>
  );
}
