import { useI18n } from '#client/lib/i18n/useI18n.ts';

// 'Ev ortamı': a physical event held at someone's home (ADR 069), on cards and the event page.
export function HomeVenueBadge() {
  const { t } = useI18n();
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-orange-400/15 px-2 py-0.5 text-xs font-semibold tracking-normal text-orange-200 normal-case ring-1 ring-orange-300/50"
      data-testid="home-venue-badge"
    >
      <span aria-hidden="true">🏠</span>
      {t('venue.homeBadge')}
    </span>
  );
}
