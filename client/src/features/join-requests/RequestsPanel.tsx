import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type { RequestsPanelQuery, RequestsPanelQueryVariables } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { REQUEST_ROW_FRAGMENT, RequestRow } from '#client/features/join-requests/RequestRow.tsx';

export const REQUESTS_PANEL_QUERY: TypedDocumentNode<RequestsPanelQuery, RequestsPanelQueryVariables> = gql`
  query RequestsPanelQuery($id: ID!) {
    event(id: $id) {
      id
      status
      pendingRequestCount
      pending: joinRequests(status: PENDING) {
        ...RequestRow_joinRequest
      }
      declined: joinRequests(status: DECLINED) {
        ...RequestRow_joinRequest
      }
    }
  }
  ${REQUEST_ROW_FRAGMENT}
`;

// The host's Requests tab: pending requests with Accept, Decline and Message (the tab's count and the
// participants update from the decision's payload), and, folded away, the requests the automatic
// check declined, with its reasons.
export function RequestsPanel({
  eventId,
  onOpenProfile,
  onMessage,
}: {
  eventId: string;
  onOpenProfile: (userId: string) => void;
  onMessage: (user: { id: string; displayName: string }) => void;
}) {
  const { t } = useI18n();
  const [showDeclined, setShowDeclined] = useState(false);
  const { data, loading, error, refetch } = useQuery(REQUESTS_PANEL_QUERY, {
    variables: { id: eventId },
    fetchPolicy: 'cache-and-network',
  });
  const event = data?.event;
  const pending = event?.pending ?? [];
  const autoDeclined = (event?.declined ?? []).filter((r) => r.declinedByCheck);
  const onStale = () => void refetch();
  const closed = event?.status === 'CANCELLED' || event?.status === 'COMPLETED';

  if (!event) {
    return loading ? (
      <p className="flex items-center gap-2 text-sm text-ink-300" data-testid="requests-panel">
        <Spinner /> {t('requests.loading')}
      </p>
    ) : (
      <div data-testid="requests-panel">
        <EmptyState
          emoji="⚠️"
          title={t('requests.loadFailed')}
          action={
            error ? (
              <Button variant="outline" onClick={onStale}>
                {t('common.retry')}
              </Button>
            ) : undefined
          }
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="requests-panel" data-event-id={eventId}>
      {pending.length === 0 ? (
        <EmptyState emoji="📭" title={t('details.noPendingRequests')} />
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {pending.map((request) => (
            <li key={request.id}>
              <RequestRow
                request={request}
                onOpenProfile={onOpenProfile}
                onMessage={onMessage}
                onStale={onStale}
                closed={closed}
              />
            </li>
          ))}
        </ul>
      )}
      {autoDeclined.length ? (
        <section className="rounded-xl border border-ink-700 bg-ink-850/60">
          <button
            type="button"
            className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left text-sm font-semibold text-ink-200 hover:text-white"
            aria-expanded={showDeclined}
            aria-controls="auto-declined-requests"
            onClick={() => setShowDeclined((open) => !open)}
          >
            <span>🤖 {t('requests.autoDeclined', { count: autoDeclined.length })}</span>
            <span aria-hidden="true">{showDeclined ? '▴' : '▾'}</span>
          </button>
          {showDeclined ? (
            <ul id="auto-declined-requests" className="grid grid-cols-1 gap-3 px-4 pb-4 lg:grid-cols-2">
              {autoDeclined.map((request) => (
                <li key={request.id}>
                  <RequestRow
                    request={request}
                    onOpenProfile={onOpenProfile}
                    onMessage={onMessage}
                    closed={closed}
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
