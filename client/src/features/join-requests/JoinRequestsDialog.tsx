import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type {
  JoinRequestsDialogQuery,
  JoinRequestsDialogQueryVariables,
} from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { REQUEST_ROW_FRAGMENT, RequestRow } from '#client/features/join-requests/RequestRow.tsx';

export const JOIN_REQUESTS_DIALOG_QUERY: TypedDocumentNode<
  JoinRequestsDialogQuery,
  JoinRequestsDialogQueryVariables
> = gql`
  query JoinRequestsDialogQuery($id: ID!) {
    event(id: $id) {
      id
      title
      status
      pendingRequestCount
      joinRequests(status: PENDING) {
        ...RequestRow_joinRequest
      }
    }
  }
  ${REQUEST_ROW_FRAGMENT}
`;

// My Events' 'Manage (N)': the event's pending requests with Accept, Decline and Message.
export function JoinRequestsDialog({
  eventId,
  onClose,
  onOpenProfile,
  onMessage,
}: {
  eventId: string | null;
  onClose: () => void;
  onOpenProfile: (eventId: string, userId: string) => void;
  onMessage: (eventId: string, user: { id: string; displayName: string }) => void;
}) {
  const { t } = useI18n();
  const { data, loading, refetch } = useQuery(JOIN_REQUESTS_DIALOG_QUERY, {
    variables: { id: eventId ?? '' },
    skip: !eventId,
    fetchPolicy: 'cache-and-network',
  });
  const event = data?.event;
  const requests = event?.joinRequests ?? [];
  return (
    <Dialog
      open={eventId !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('requests.dialogTitle')}
      description={event?.title}
      closeLabel={t('common.close')}
      className="sm:max-w-2xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <div data-testid="join-requests-dialog">
        {!event && loading ? (
          <p className="flex items-center gap-2 text-sm text-ink-300">
            <Spinner /> {t('requests.loading')}
          </p>
        ) : !event ? (
          <p className="text-sm text-ink-300">{t('requests.loadFailed')}</p>
        ) : requests.length === 0 ? (
          <p className="rounded-xl bg-ink-800/60 px-4 py-6 text-center text-sm text-ink-300">
            {t('requests.emptyDialog')}
          </p>
        ) : (
          <ul className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto pr-1">
            {requests.map((request) => (
              <li key={request.id}>
                <RequestRow
                  request={request}
                  onOpenProfile={(userId) => onOpenProfile(event.id, userId)}
                  onMessage={(user) => onMessage(event.id, user)}
                  onStale={() => void refetch()}
                  closed={event.status === 'CANCELLED' || event.status === 'COMPLETED'}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
