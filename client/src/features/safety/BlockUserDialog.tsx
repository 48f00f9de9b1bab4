import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useBlockUserMutation } from '#client/features/safety/useBlockUserMutation.ts';

// Asks before blocking and says what a block does; onBlocked runs after the server confirmed.
export function BlockUserDialog({
  user,
  open,
  onOpenChange,
  onBlocked,
}: {
  user: { id: string; displayName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBlocked: () => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const { toggle, loading } = useBlockUserMutation();

  const confirm = async () => {
    try {
      await toggle(user.id, false);
      toast.success(t('safety.block.done', { name: user.displayName }));
      onOpenChange(false);
      onBlocked();
    } catch (error) {
      toast.error(userFacingMessage(error, t('safety.block.failed')));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (loading ? undefined : onOpenChange(next))}
      title={t('safety.block.title', { name: user.displayName })}
      description={t('safety.block.text')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={loading}>
            {t('safety.block.keep')}
          </Button>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            loading={loading}
            data-testid="block-confirm"
          >
            {t('safety.block.confirm')}
          </Button>
        </>
      }
    />
  );
}
