import { useI18n } from '#client/lib/i18n/useI18n.ts';

// 'Öne çıkan': the event's host has priority listing (the Enterprise package, ADR 038).
export function FeaturedBadge() {
  const { t } = useI18n();
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-400/15 px-2 py-0.5 text-xs font-semibold tracking-normal text-amber-200 normal-case ring-1 ring-amber-300/50"
      title={t('events.featuredHint')}
      data-testid="featured-badge"
    >
      <span aria-hidden="true">⭐</span>
      {t('events.featured')}
    </span>
  );
}
