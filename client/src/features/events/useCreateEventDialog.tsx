import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses, Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const EVENT_COST_TOKENS = 1;

export type CreateEventDialog = {
  isOpen: boolean;
  open: () => void;
  close: () => void;
  element: ReactNode;
};

// The create-event dialog. It checks the token cost (1 token) against the live balance; the
// six wizard steps go inside this dialog.
export function useCreateEventDialog({
  balance,
  onClose,
}: {
  balance: number | null;
  onClose?: () => void;
}): CreateEventDialog {
  const { t } = useI18n();
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => {
    setOpen(false);
    onClose?.();
  }, [onClose]);

  const insufficient = balance != null && balance < EVENT_COST_TOKENS;
  const element = (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => (next ? open() : close())}
      title={t('create.title')}
      closeLabel={t('common.close')}
      footer={
        <>
          {insufficient ? (
            <Link to="/dashboard/tokens" onClick={close} className={buttonClasses('primary', 'md')}>
              {t('create.buyTokens')}
            </Link>
          ) : null}
          <Button variant="secondary" onClick={close}>
            {t('common.close')}
          </Button>
        </>
      }
    >
      {insufficient ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-400/30 bg-rose-500/10 px-4 py-3 text-sm font-medium text-rose-200"
        >
          {t('create.insufficient')}
        </p>
      ) : (
        <div className="flex flex-col gap-3 text-sm text-ink-200">
          <p>{t('create.cost')}</p>
          {balance != null ? (
            <p className="flex items-center gap-2 font-semibold text-amber-200">
              <span aria-hidden="true">🪙</span>
              {t('create.balance', { count: balance })}
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
  return { isOpen, open, close, element };
}
