import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type { ModerationLogQuery, ModerationLogQueryVariables } from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { QueueList } from './QueueList.tsx';

export const MODERATION_LOG_QUERY: TypedDocumentNode<ModerationLogQuery, ModerationLogQueryVariables> = gql`
  query ModerationLogQuery($after: String) {
    moderationLog(first: 30, after: $after) {
      nodes {
        id
        action
        reason
        until
        createdAt
        moderator {
          id
          displayName
        }
        target {
          id
          displayName
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

// Every action, newest first: when, what, by whom (or automatic), on whom, and why.
export function AuditLog({
  onOpenUser,
}: {
  onOpenUser: (user: { id: string; displayName: string }) => void;
}) {
  const { t, fmt } = useI18n();
  const query = useQuery(MODERATION_LOG_QUERY);
  return (
    <QueueList
      query={query}
      field="moderationLog"
      empty={t('moderation.empty.log')}
      emoji="📜"
      testId="audit-log"
      render={(a) => (
        <div
          key={a.id}
          className="grid gap-1 rounded-xl border border-ink-700 bg-ink-850/60 px-4 py-3 text-sm sm:grid-cols-[10rem_1fr]"
          data-testid="audit-row"
        >
          <span className="text-xs text-ink-400">{fmt.dateTime(String(a.createdAt))}</span>
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={a.moderator ? 'accent' : 'warning'}>
                {t(`moderation.actionKind.${a.action}`)}
              </Badge>
              <button
                type="button"
                className="font-semibold text-white hover:underline"
                onClick={() => onOpenUser(a.target)}
              >
                {a.target.displayName}
              </button>
              <span className="text-ink-400">
                · {a.moderator ? a.moderator.displayName : t('moderation.log.auto')}
              </span>
              {a.until ? (
                <span className="text-ink-400">
                  · {t('moderation.log.until', { date: fmt.dateTime(String(a.until)) })}
                </span>
              ) : null}
            </div>
            <p className="text-ink-200">{a.reason}</p>
          </div>
        </div>
      )}
    />
  );
}
