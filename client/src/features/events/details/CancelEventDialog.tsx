import { useState } from 'react';
import type { SeriesScope } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useCancelEventMutation } from '#client/features/events/details/useCancelEventMutation.ts';
import { SeriesScopeChoice } from '#client/features/events/details/SeriesScopeChoice.tsx';

// Asks first (in a series: this date only, or this and the following); after cancelEvent it says
// whether the creation token came back.
export function CancelEventDialog({
  eventId,
  open,
  onOpenChange,
  inSeries = false,
}: {
  eventId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inSeries?: boolean;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [scope, setScope] = useState<SeriesScope>('THIS');
  const [cancel, { loading }] = useCancelEventMutation();

  const confirm = async () => {
    try {
      const input = { id: eventId, reason: reason.trim() || null, ...(inSeries ? { scope } : {}) };
      const { data } = await cancel({ variables: { input } });
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
      <div className="flex flex-col gap-4">
        {inSeries ? <SeriesScopeChoice value={scope} onChange={setScope} action="cancel" /> : null}
        <Input
          label={t('details.cancelReason')}
          value={reason}
          maxLength={300}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
