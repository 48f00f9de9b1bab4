import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type {
  ModerationAppealsQuery,
  ModerationAppealsQueryVariables,
} from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { PersonChip } from './PersonChip.tsx';
import { QueueList } from './QueueList.tsx';
import type { ModerationVerb } from './useModerationAction.ts';

export const MODERATION_APPEALS_QUERY: TypedDocumentNode<
  ModerationAppealsQuery,
  ModerationAppealsQueryVariables
> = gql`
  query ModerationAppealsQuery($after: String) {
    moderationAppeals(status: OPEN, first: 20, after: $after) {
      nodes {
        id
        text
        createdAt
        user {
          id
          displayName
          username
          avatarUrl(size: SMALL)
        }
        action {
          id
          action
          reason
          until
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

// Appeals waiting for a decision: what was done and why, and what the user answers.
export function AppealsQueue({
  onAct,
  onOpenUser,
}: {
  onAct: (verb: ModerationVerb, targetName: string) => void;
  onOpenUser: (user: { id: string; displayName: string }) => void;
}) {
  const { t, fmt } = useI18n();
  const query = useQuery(MODERATION_APPEALS_QUERY);
  return (
    <QueueList
      query={query}
      field="moderationAppeals"
      empty={t('moderation.empty.appeals')}
      emoji="⚖️"
      testId="appeals-queue"
      render={(a) => (
        <Card key={a.id} className="flex flex-col gap-3" data-testid="appeal-card">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="accent">{t(`moderation.actionKind.${a.action.action}`)}</Badge>
            <span className="ml-auto text-xs text-ink-400">{fmt.dateTime(String(a.createdAt))}</span>
          </div>
          <PersonChip user={a.user} label={t('moderation.appeal.against')} onOpen={onOpenUser} />
          <p className="text-sm text-ink-300">
            {t('moderation.dialog.reason')}: <span className="text-ink-100">{a.action.reason}</span>
          </p>
          <blockquote className="rounded-xl border-l-4 border-sky-400/60 bg-ink-900/70 px-3 py-2 text-sm whitespace-pre-wrap text-ink-100">
            {a.text}
          </blockquote>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => onAct({ kind: 'uphold', appealId: a.id }, a.user.displayName)}
            >
              {t('moderation.do.uphold')}
            </Button>
            <Button size="sm" onClick={() => onAct({ kind: 'overturn', appealId: a.id }, a.user.displayName)}>
              {t('moderation.do.overturn')}
            </Button>
          </div>
        </Card>
      )}
    />
  );
}
