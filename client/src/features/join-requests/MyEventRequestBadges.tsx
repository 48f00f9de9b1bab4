import { gql } from '#client/apollo/gql.ts';
import type { MyEventRequestBadges_EventFragment } from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { manageableRequests, requestBadge } from '#client/features/join-requests/requestState.ts';

export const MY_EVENT_REQUEST_BADGES_FRAGMENT = gql`
  fragment MyEventRequestBadges_event on Event {
    id
    status
    viewerRole
    pendingRequestCount
    viewerJoinRequest {
      id
      status
      declinedByCheck
    }
  }
`;

// The request badges of a My Events card: the viewer's own request for events they asked to join, and
// 'N requests' on upcoming events they host with requests waiting. Siblings in the card's badge row.
export function MyEventRequestBadges({ event }: { event: MyEventRequestBadges_EventFragment }) {
  const { t, fmt } = useI18n();
  const requests = manageableRequests(event);
  const request = requestBadge(event.viewerRole, event.viewerJoinRequest, event.status);
  return (
    <>
      {request ? (
        <Badge tone={request.tone} data-testid="my-event-request">
          {t(request.label)}
        </Badge>
      ) : null}
      {requests > 0 ? (
        <Badge tone="warning" className="ml-auto" data-testid="my-event-requests">
          🔔{' '}
          {requests === 1
            ? t('myEvents.requestsBadgeOne')
            : t('myEvents.requestsBadge', { count: fmt.number(requests) })}
        </Badge>
      ) : null}
    </>
  );
}
