import type { ReactNode } from 'react';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// 'Yardım' during a physical event (ADR 069): Turkey's emergency number as a tel: link (one tap calls
// on a phone), the venue's public place, and what else the safety kit offers there (`children`).
export function HelpDialog({
  open,
  onOpenChange,
  publicLocation,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  publicLocation: string | null;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('help.title')}
      description={t('help.text')}
      closeLabel={t('help.close')}
    >
      <div className="flex flex-col gap-4" data-testid="help-dialog">
        <a
          href="tel:112"
          className="flex min-h-14 items-center justify-center gap-3 rounded-2xl bg-rose-600 px-4 py-3 text-lg font-extrabold text-white shadow-lg shadow-rose-900/40 hover:bg-rose-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pop-400"
          data-testid="call-112"
        >
          <span aria-hidden="true">📞</span>
          {t('help.call')}
        </a>
        <p className="-mt-2 text-center text-xs text-ink-300">{t('help.callHint')}</p>
        <div className="rounded-xl bg-ink-800 p-3">
          <p className="text-xs text-ink-300">{t('help.place')}</p>
          <p className="font-semibold break-words text-white" data-testid="help-place">
            📍 {publicLocation ?? t('help.noPlace')}
          </p>
        </div>
        {children}
      </div>
    </Dialog>
  );
}
