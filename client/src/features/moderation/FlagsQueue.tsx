import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type { ContentFlagsQuery, ContentFlagsQueryVariables } from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { PersonChip } from './PersonChip.tsx';
import { QueueList } from './QueueList.tsx';
import type { ModerationVerb } from './useModerationAction.ts';

export const CONTENT_FLAGS_QUERY: TypedDocumentNode<ContentFlagsQuery, ContentFlagsQueryVariables> = gql`
  query ContentFlagsQuery($after: String) {
    contentFlags(status: OPEN, first: 20, after: $after) {
      nodes {
        id
        kind
        text
        verdict
        createdAt
        reasons {
          code
          text
        }
        author {
          id
          displayName
          username
          avatarUrl(size: SMALL)
        }
        event {
          id
          title
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

// Texts the content check flagged (review; blocked join messages too), with the check's reasons.
export function FlagsQueue({
  onAct,
  onOpenUser,
}: {
  onAct: (verb: ModerationVerb, targetName: string) => void;
  onOpenUser: (user: { id: string; displayName: string }) => void;
}) {
  const { t, fmt } = useI18n();
  const query = useQuery(CONTENT_FLAGS_QUERY);
  return (
    <QueueList
      query={query}
      field="contentFlags"
      empty={t('moderation.empty.flags')}
      emoji="🧹"
      testId="flags-queue"
      render={(f) => (
        <Card key={f.id} className="flex flex-col gap-3" data-testid="flag-card">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="info">{t(`moderation.kind.${f.kind}`)}</Badge>
            <Badge tone={f.verdict === 'BLOCK' ? 'danger' : 'warning'}>
              {t(`moderation.verdict.${f.verdict}`)}
            </Badge>
            <span className="ml-auto text-xs text-ink-400">{fmt.dateTime(String(f.createdAt))}</span>
          </div>
          <PersonChip user={f.author} label={t('moderation.flag.author')} onOpen={onOpenUser} />
          <blockquote className="rounded-xl border-l-4 border-amber-400/60 bg-ink-900/70 px-3 py-2 text-sm break-words whitespace-pre-wrap text-ink-100">
            {f.text}
          </blockquote>
          {f.reasons.length > 0 ? (
            <div className="flex flex-col gap-1">
              <span className="text-xs text-ink-400">{t('moderation.flag.reasons')}</span>
              <ul className="flex flex-wrap gap-1.5">
                {f.reasons.map((r) => (
                  <li key={r.code}>
                    <Badge tone="neutral">{r.text}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {f.event ? (
            <p className="text-sm text-ink-300">
              {t('moderation.report.event')}:{' '}
              <a
                className="font-semibold text-accent-300 hover:underline"
                href={`/dashboard/eventDetails/${f.event.id}`}
              >
                {f.event.title}
              </a>
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => onAct({ kind: 'keep', flagId: f.id }, f.author.displayName)}
            >
              {t('moderation.do.keep')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => onAct({ kind: 'remove', flagId: f.id }, f.author.displayName)}
            >
              {t('moderation.do.remove')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onAct({ kind: 'warn', userId: f.author.id, flagId: f.id }, f.author.displayName)}
            >
              {t('moderation.do.warn')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                onAct({ kind: 'suspend', userId: f.author.id, flagId: f.id }, f.author.displayName)
              }
            >
              {t('moderation.do.suspend')}
            </Button>
          </div>
        </Card>
      )}
    />
  );
}
