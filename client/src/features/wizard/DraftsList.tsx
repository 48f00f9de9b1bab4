import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type { EventDraft_DraftFragment, MyEventDraftsQuery } from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { EVENT_DRAFT_FRAGMENT } from '#client/features/wizard/draftFragment.ts';
import { useDeleteEventDraftMutation } from '#client/features/wizard/useEventDraftMutations.ts';
import { useOpenCreateEvent } from '#client/features/wizard/useCreateEventDialog.tsx';
import { resumeStep, valuesFromDraft } from '#client/features/wizard/wizardDraft.ts';
import { STEP_COUNT } from '#client/features/wizard/wizardState.ts';

export const MY_EVENT_DRAFTS_QUERY: TypedDocumentNode<MyEventDraftsQuery, Record<string, never>> = gql`
  query MyEventDraftsQuery {
    myEventDrafts {
      ...EventDraft_draft
    }
  }
  ${EVENT_DRAFT_FRAGMENT}
`;

// The My Events 'Drafts' tab (ADR 037): the host's saved wizards, last saved first; 'Devam et' opens
// the wizard on the step it was saved on, 'Sil' deletes it. Nobody else sees them.
export function DraftsList() {
  const { t } = useI18n();
  const { data, loading, error, refetch } = useQuery(MY_EVENT_DRAFTS_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  const drafts = data?.myEventDrafts ?? [];

  if (error && !data)
    return (
      <EmptyState
        emoji="⚠️"
        title={t('drafts.loadFailed')}
        action={
          <Button variant="outline" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  if (!data && loading)
    return (
      <p className="flex items-center gap-2 text-sm text-ink-300">
        <Spinner /> {t('common.loading')}
      </p>
    );
  if (drafts.length === 0)
    return <EmptyState emoji="📝" title={t('myEvents.empty')} text={t('myEvents.emptyDraft')} />;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-300">🔒 {t('drafts.hint')}</p>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="drafts-list">
        {drafts.map((draft) => (
          <li key={draft.id}>
            <DraftCard draft={draft} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function DraftCard({ draft }: { draft: EventDraft_DraftFragment }) {
  const { t, fmt } = useI18n();
  const toast = useToast();
  const openCreate = useOpenCreateEvent();
  const [remove, { loading: removing }] = useDeleteEventDraftMutation();
  const v = draft.values;
  const onDelete = async () => {
    try {
      await remove({ variables: { input: { id: draft.id } } });
      toast.success(t('drafts.deleted'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('drafts.deleteFailed')));
    }
  };
  return (
    <Card className="flex h-full flex-col gap-3" data-testid="draft-card" data-draft-id={draft.id}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="neutral">{t('drafts.badge')}</Badge>
        <Badge tone="accent">
          {draft.mode === 'ONLINE' ? `🎮 ${t('wizard.type.online')}` : `📍 ${t('wizard.type.physical')}`}
        </Badge>
        <span className="ml-auto text-xs text-ink-300">
          {t('drafts.step', { current: draft.step, total: STEP_COUNT })}
        </span>
      </div>
      <h2 className="text-lg font-bold break-words text-white">{v.title ?? t('drafts.untitled')}</h2>
      {v.description ? <p className="line-clamp-2 text-sm text-ink-200">{v.description}</p> : null}
      <p className="text-xs text-ink-300">
        {t('drafts.savedAt', { when: fmt.dateTime(String(draft.updatedAt)) })}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button
          size="sm"
          onClick={() =>
            openCreate({
              draft: {
                id: draft.id,
                step: resumeStep(draft.step),
                values: valuesFromDraft(draft.mode, { ...v, tags: v.tags.map(String) }),
              },
            })
          }
        >
          ✏️ {t('drafts.resume')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-rose-300"
          loading={removing}
          onClick={() => void onDelete()}
        >
          {t('drafts.delete')}
        </Button>
      </div>
    </Card>
  );
}
