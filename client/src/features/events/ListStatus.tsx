import { Button } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// Beside an event list's count while a new page of results loads (the old one stays visible).
export function ListUpdating({ loading }: { loading: boolean }) {
  const { t } = useI18n();
  if (!loading) return null;
  return (
    <span className="flex items-center gap-1.5 text-xs text-ink-300">
      <Spinner /> {t('physical.updating')}
    </span>
  );
}

// An event list that could not load at all, with a retry.
export function ListLoadError({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const { t } = useI18n();
  return (
    <EmptyState
      emoji="⚠️"
      title={title ?? t('physical.loadError')}
      action={
        <Button variant="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
