import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type {
  ModerationReportsQuery,
  ModerationReportsQueryVariables,
} from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { PersonChip } from './PersonChip.tsx';
import { QueueList } from './QueueList.tsx';
import type { ModerationVerb } from './useModerationAction.ts';

const PERSON = gql`
  fragment ModerationPerson_user on User {
    id
    displayName
    username
    avatarUrl(size: SMALL)
  }
`;

export const MODERATION_REPORTS_QUERY: TypedDocumentNode<
  ModerationReportsQuery,
  ModerationReportsQueryVariables
> = gql`
  query ModerationReportsQuery($after: String) {
    moderationReports(status: OPEN, first: 20, after: $after) {
      nodes {
        id
        priority
        subject
        reason
        message
        createdAt
        targetReportCount
        reporter {
          ...ModerationPerson_user
        }
        target {
          ...ModerationPerson_user
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
  ${PERSON}
`;

type Person = { id: string; displayName: string };

// Open reports, priority ones ('Kendimi güvende hissetmedim', ADR 069) first and marked, then newest first: who reported whom, why, about which event; and what to do about it.
export function ReportsQueue({
  onAct,
  onOpenUser,
}: {
  onAct: (verb: ModerationVerb, targetName: string) => void;
  onOpenUser: (user: Person) => void;
}) {
  const { t, fmt } = useI18n();
  const query = useQuery(MODERATION_REPORTS_QUERY);
  return (
    <QueueList
      query={query}
      field="moderationReports"
      empty={t('moderation.empty.reports')}
      emoji="🛡️"
      testId="reports-queue"
      render={(r) => (
        <Card
          key={r.id}
          className={r.priority ? 'flex flex-col gap-3 ring-2 ring-rose-400/70' : 'flex flex-col gap-3'}
          data-testid="report-card"
          data-priority={r.priority ? 'true' : undefined}
        >
          <div className="flex flex-wrap items-center gap-2">
            {r.priority ? (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-rose-500 px-2 py-0.5 text-xs font-bold text-white"
                title={t('moderation.priorityHint')}
                data-testid="priority-mark"
              >
                🚨 {t('moderation.priority')}
              </span>
            ) : null}
            {r.subject === 'EVENT' ? <Badge tone="neutral">{t('moderation.subjectEvent')}</Badge> : null}
            <Badge tone="danger">{t(`safety.report.reason.${r.reason}`)}</Badge>
            <Badge tone="neutral">{t('moderation.report.count', { count: r.targetReportCount })}</Badge>
            <span className="ml-auto text-xs text-ink-400">{fmt.dateTime(String(r.createdAt))}</span>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <PersonChip user={r.target} label={t('moderation.report.against')} onOpen={onOpenUser} />
            <PersonChip user={r.reporter} label={t('moderation.report.by')} onOpen={onOpenUser} />
          </div>
          <p className="rounded-xl bg-ink-900/70 px-3 py-2 text-sm text-ink-100">
            {r.message ?? <span className="text-ink-400">{t('moderation.report.noMessage')}</span>}
          </p>
          {r.event ? (
            <p className="text-sm text-ink-300">
              {t('moderation.report.event')}:{' '}
              <a
                className="font-semibold text-accent-300 hover:underline"
                href={`/dashboard/eventDetails/${r.event.id}`}
              >
                {r.event.title}
              </a>
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => onAct({ kind: 'dismiss', reportId: r.id }, r.target.displayName)}
            >
              {t('moderation.do.dismiss')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                onAct({ kind: 'warn', userId: r.target.id, reportId: r.id }, r.target.displayName)
              }
            >
              {t('moderation.do.warn')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                onAct({ kind: 'removeField', userId: r.target.id, reportId: r.id }, r.target.displayName)
              }
            >
              {t('moderation.do.removeField')}
            </Button>
            {r.event ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  onAct({ kind: 'cancelEvent', eventId: r.event!.id, reportId: r.id }, r.target.displayName)
                }
              >
                {t('moderation.do.cancelEvent')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="danger"
              onClick={() =>
                onAct({ kind: 'suspend', userId: r.target.id, reportId: r.id }, r.target.displayName)
              }
              data-testid="report-suspend"
            >
              {t('moderation.do.suspend')}
            </Button>
          </div>
        </Card>
      )}
    />
  );
}
