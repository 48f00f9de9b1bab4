import { useEffect, useState } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { applyUpdate, subscribeToUpdate } from '#client/app/serviceWorker.ts';

// "Yeni sürüm hazır — Yenile": a new deployment's service worker waits until the user says so.
export function UpdatePrompt() {
  const { t } = useI18n();
  const [ready, setReady] = useState(false);
  const [applying, setApplying] = useState(false);
  useEffect(() => subscribeToUpdate(setReady), []);
  if (!ready) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-3 z-[95] mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-accent-500/50 bg-ink-800 px-4 py-3 text-sm text-ink-100 shadow-2xl sm:bottom-5"
    >
      <span aria-hidden="true">✨</span>
      <span className="flex-1 font-semibold">{t('update.ready')}</span>
      <Button
        size="sm"
        loading={applying}
        onClick={() => {
          setApplying(true);
          applyUpdate();
        }}
      >
        {t('update.reload')}
      </Button>
    </div>
  );
}
