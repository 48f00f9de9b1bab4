import { useRouteError } from 'react-router-dom';
import { Button } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// Errors of a dashboard page render inside the shell (header and menu stay usable).
export function DashboardRouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  console.error(error);
  // Apollo's CombinedGraphQLErrors carries the server's localized messages (checked by shape, so the
  // entry chunk does not pull in Apollo).
  const errors: unknown[] | null =
    error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)
      ? (error.errors as unknown[])
      : null;
  const first = errors?.[0];
  const graphQLMessage =
    first && typeof first === 'object' && 'message' in first && typeof first.message === 'string'
      ? first.message
      : null;
  const network = error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
  return (
    <EmptyState
      emoji="😵"
      title={t('error.title')}
      text={graphQLMessage ?? (network ? t('error.network') : t('error.text'))}
      action={<Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>}
    />
  );
}
