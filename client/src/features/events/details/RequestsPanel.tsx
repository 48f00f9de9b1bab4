import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// The host's Requests tab: the container the join-request work fills with the pending requests
// (accept, decline, message); until then it shows the empty state. The tab's count comes from
// Event.pendingRequestCount in the route's query.

export function RequestsPanel({ eventId }: { eventId: string }) {
  const { t } = useI18n();
  return (
    <div data-testid="requests-panel" data-event-id={eventId}>
      <EmptyState emoji="📭" title={t('details.noPendingRequests')} />
    </div>
  );
}
