import { FilterToggleButton } from '#client/features/events/FilterToggleButton.tsx';
import { SearchField } from '#client/features/events/SearchField.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// The physical dashboard's search box (events or, on Enter, a place) and its filters button; also part
// of the first screen the server sends (app/FirstScreen.tsx).
export function PhysicalSearchRow({
  value,
  onChange,
  onSubmit,
  panelOpen,
  onTogglePanel,
  filterCount,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: (value: string) => void;
  panelOpen: boolean;
  onTogglePanel: () => void;
  filterCount: number;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <SearchField
        value={value}
        onChange={onChange}
        onSubmit={onSubmit}
        placeholder={t('filters.search.physical')}
        clearLabel={t('filters.clear')}
        className="flex-1"
      />
      <FilterToggleButton
        open={panelOpen}
        onToggle={onTogglePanel}
        count={filterCount}
        controls="physical-filter-panel"
      />
    </div>
  );
}
