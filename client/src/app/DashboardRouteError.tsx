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
  const errors =
    error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)
      ? error.errors
      : null;
  const graphQLMessage = typeof errors?.[0]?.message === 'string' ? (errors[0].message as string) : null;
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
