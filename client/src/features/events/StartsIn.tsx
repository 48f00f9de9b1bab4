import { useI18n } from '#client/lib/i18n/useI18n.ts';

// "45 dk sonra", "3 saat sonra", "2 gün sonra", or "Başladı".
export function StartsIn({ minutes }: { minutes: number }) {
  const { t } = useI18n();
  if (minutes <= 0) return <>{t('events.started')}</>;
  if (minutes < 60) return <>{t('events.startsIn.minutes', { count: minutes })}</>;
  if (minutes < 60 * 24) return <>{t('events.startsIn.hours', { count: Math.round(minutes / 60) })}</>;
  return <>{t('events.startsIn.days', { count: Math.round(minutes / (60 * 24)) })}</>;
}
