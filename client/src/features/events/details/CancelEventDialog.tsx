import { useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type { CancelEventMutation, CancelEventMutationVariables } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/features/events/errors.ts';

export const CANCEL_EVENT_MUTATION: TypedDocumentNode<CancelEventMutation, CancelEventMutationVariables> =
  gql`
    mutation CancelEventMutation($input: CancelEventInput!) {
      cancelEvent(input: $input) {
        event {
          id
          status
          cancelledAt
          timeLeft
        }
        tokenRefunded
        viewer {
          id
          tokenBalance
        }
      }
    }
  `;

// Asks first; after cancelEvent it says whether the creation token came back.
export function CancelEventDialog({
  eventId,
  open,
  onOpenChange,
}: {
  eventId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [cancel, { loading }] = useMutation(CANCEL_EVENT_MUTATION, {
    update(cache) {
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'events' });
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'lobbyStats' });
      cache.gc();
    },
  });

  const confirm = async () => {
    try {
      const { data } = await cancel({ variables: { input: { id: eventId, reason: reason.trim() || null } } });
      const refunded = data?.cancelEvent.tokenRefunded;
      toast.success(t(refunded ? 'details.cancelledRefund' : 'details.cancelledNoRefund'));
      onOpenChange(false);
    } catch (error) {
      toast.error(userFacingMessage(error, t('details.cancelFailed')));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (loading ? undefined : onOpenChange(next))}
      title={t('details.cancelTitle')}
      description={t('details.cancelText')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={loading}>
            {t('details.cancelKeep')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={loading}>
            {t('details.cancelConfirm')}
          </Button>
        </>
      }
    >
      <Input
        label={t('details.cancelReason')}
        value={reason}
        maxLength={300}
        onChange={(e) => setReason(e.target.value)}
      />
    </Dialog>
  );
}
