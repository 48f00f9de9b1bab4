import { useNavigate } from 'react-router-dom';
import { Button } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// 'Event Not Found' with 'Go Back' when event(id) is null (to the dashboard when opened directly).
export function EventNotFound() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <EmptyState
      emoji="🔍"
      title={t('eventDetails.notFound')}
      text={t('eventDetails.notFoundText')}
      action={
        <Button
          variant="outline"
          onClick={() =>
            (window.history.state as { idx?: number } | null)?.idx
              ? navigate(-1)
              : navigate('/dashboard/physical')
          }
        >
          ← {t('eventDetails.goBack')}
        </Button>
      }
    />
  );
}
