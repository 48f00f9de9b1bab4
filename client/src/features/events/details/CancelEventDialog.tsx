import { useState } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useCancelEventMutation } from '#client/features/events/details/useCancelEventMutation.ts';

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
  const [cancel, { loading }] = useCancelEventMutation();

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
