import { Button } from '#client/components/ui/Button.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// "⚙️ Filtreler (n) ▾" beside the search field of the map and the lobby: opens the filter panel
// `controls` and shows how many filters are set.
export function FilterToggleButton({
  open,
  onToggle,
  count,
  controls,
}: {
  open: boolean;
  onToggle: () => void;
  count: number;
  controls: string;
}) {
  const { t } = useI18n();
  return (
    <Button
      variant="outline"
      className="h-12"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={controls}
    >
      <span aria-hidden="true">⚙️</span>
      {t('filters.toggle')}
      {count ? (
        <span className="rounded-full bg-accent-500 px-2 py-0.5 text-xs text-white">{count}</span>
      ) : null}
      <span aria-hidden="true">{open ? '▴' : '▾'}</span>
    </Button>
  );
}
