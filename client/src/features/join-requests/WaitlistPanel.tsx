import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type { WaitlistPanelQuery, WaitlistPanelQueryVariables } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const WAITLIST_PANEL_QUERY: TypedDocumentNode<WaitlistPanelQuery, WaitlistPanelQueryVariables> = gql`
  query WaitlistPanelQuery($id: ID!) {
    event(id: $id) {
      id
      waitlist {
        id
        status
        waitlistPosition
        offerExpiresAt
        autoApproved
        reliability {
          attended
          recorded
          percent
        }
        user {
          id
          displayName
          avatarUrl
        }
      }
    }
  }
`;

// The host's view of the waitlist (ADR 045): who holds an offer until when, then everyone in line.
export function WaitlistPanel({
  eventId,
  onOpenProfile,
}: {
  eventId: string;
  onOpenProfile: (id: string) => void;
}) {
  const { t, fmt } = useI18n();
  const { data, loading } = useQuery(WAITLIST_PANEL_QUERY, {
    variables: { id: eventId },
    fetchPolicy: 'cache-and-network',
  });
  const queue = data?.event?.waitlist ?? [];
  if (!data && loading)
    return (
      <p className="flex items-center gap-2 text-sm text-ink-300">
        <Spinner /> {t('requests.loading')}
      </p>
    );
  if (queue.length === 0) return <EmptyState emoji="⏳" title={t('waitlist.empty')} />;
  return (
    <ol className="flex flex-col gap-2" data-testid="waitlist-panel">
      {queue.map((r) => (
        <li
          key={r.id}
          className="flex items-center gap-3 rounded-xl border border-ink-700 bg-ink-850/80 p-3"
          data-testid="waitlist-row"
          data-status={r.status}
        >
          <button type="button" className="rounded-full" onClick={() => onOpenProfile(r.user.id)}>
            <Avatar name={r.user.displayName} url={r.user.avatarUrl} />
          </button>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-white">{r.user.displayName}</p>
            <p className="text-xs text-ink-300">
              {r.reliability?.percent != null
                ? t('requests.reliability', {
                    percent: r.reliability.percent,
                    attended: r.reliability.attended,
                    recorded: r.reliability.recorded,
                  })
                : t('requests.reliabilityNone')}
            </p>
          </div>
          {r.status === 'OFFERED' ? (
            <Badge tone="success">
              {t('waitlist.offeredUntil', { deadline: r.offerExpiresAt ? fmt.time(r.offerExpiresAt) : '—' })}
            </Badge>
          ) : (
            <Badge tone="warning">{t('waitlist.position', { position: r.waitlistPosition ?? '—' })}</Badge>
          )}
        </li>
      ))}
    </ol>
  );
}
