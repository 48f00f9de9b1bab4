import { Card } from '#client/components/ui/Card.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

type Definition = { id: string; name: string; description: string; icon: string };

// Spec §2 Rozetler: icon, name, description, earned date; the badges not earned yet are shown greyed,
// so the rules are visible.
export function BadgeShelf({
  earned,
  catalog,
}: {
  earned: (Definition & { earnedAt: unknown })[];
  catalog: Definition[];
}) {
  const { t, fmt } = useI18n();
  const held = new Map(earned.map((b) => [b.id, b]));
  const locked = catalog.filter((b) => !held.has(b.id));
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-white">{t('profile.tab.badges')}</h2>
        <span className="text-sm text-ink-300">
          {t('profile.badges.progress', { earned: earned.length, total: catalog.length })}
        </span>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="badge-shelf">
        {[...earned, ...locked].map((badge) => {
          const mine = held.get(badge.id);
          return (
            <li
              key={badge.id}
              className={cn(
                'flex gap-3 rounded-xl p-3',
                mine ? 'bg-ink-800 ring-1 ring-amber-300/30' : 'bg-ink-850 opacity-60 grayscale',
              )}
              data-earned={mine ? 'true' : 'false'}
            >
              <span aria-hidden="true" className="text-3xl leading-none">
                {badge.icon}
              </span>
              <div className="min-w-0">
                <p className="font-semibold text-white">{badge.name}</p>
                <p className="text-sm text-ink-300">{badge.description}</p>
                <p className={cn('mt-1 text-xs', mine ? 'text-amber-200' : 'text-ink-400')}>
                  {mine
                    ? t('profile.badges.earned', { date: fmt.date(String(mine.earnedAt)) })
                    : t('profile.badges.locked')}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
