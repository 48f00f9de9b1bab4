import { Button } from '#client/components/ui/Button.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// Steps 2 to 5 need the server's catalog: loading, or a retry when it could not be read.
export function CatalogState({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  if (loading || !error)
    return (
      <p className="flex items-center gap-2 text-sm text-ink-300">
        <Spinner /> {t('wizard.catalogLoading')}
      </p>
    );
  return (
    <div className="flex flex-col items-start gap-3">
      <p role="alert" className="text-sm text-rose-300">
        {t('wizard.catalogError')}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
