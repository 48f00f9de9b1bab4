import { gql } from '#client/apollo/gql.ts';
import type { ManageRequestsButton_EventFragment } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { manageableRequests } from '#client/features/join-requests/requestState.ts';

export const MANAGE_REQUESTS_BUTTON_FRAGMENT = gql`
  fragment ManageRequestsButton_event on Event {
    id
    status
    viewerRole
    pendingRequestCount
  }
`;

// 'Manage (N)' on a My Events card while the viewer hosts the upcoming event and requests wait.
export function ManageRequestsButton({
  event,
  onManage,
}: {
  event: ManageRequestsButton_EventFragment;
  onManage: (eventId: string) => void;
}) {
  const { t, fmt } = useI18n();
  const requests = manageableRequests(event);
  if (requests <= 0) return null;
  return (
    <Button size="sm" onClick={() => onManage(event.id)}>
      {t('myEvents.manage', { count: fmt.number(requests) })}
    </Button>
  );
}
