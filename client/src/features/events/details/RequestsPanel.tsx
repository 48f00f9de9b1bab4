import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// The host's Requests tab. The pending requests list (accept, decline, message) is the join-request
// work's to fill in here; until then the API has no list of an event's requests, so the tab shows the
// empty state and no count.
export function usePendingRequestCount(_eventId: string): number | null {
  return null;
}

export function RequestsPanel({ eventId }: { eventId: string }) {
  const { t } = useI18n();
  return (
    <div data-testid="requests-panel" data-event-id={eventId}>
      <EmptyState emoji="📭" title={t('details.noPendingRequests')} />
    </div>
  );
}
