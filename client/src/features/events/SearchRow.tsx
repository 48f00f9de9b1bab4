import { FilterToggleButton } from '#client/features/events/FilterToggleButton.tsx';
import { SearchField } from '#client/features/events/SearchField.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// The dashboards' search box and its filters button (the map's and the lobby's); the physical one is
// also part of the first screen the server sends (app/FirstScreen.tsx).
export function SearchRow({
  value,
  onChange,
  onSubmit,
  placeholder,
  panelOpen,
  onTogglePanel,
  filterCount,
  panelId,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: (value: string) => void;
  placeholder: string;
  panelOpen: boolean;
  onTogglePanel: () => void;
  filterCount: number;
  // The filter panel's id, for the button's aria-controls.
  panelId: string;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <SearchField
        value={value}
        onChange={onChange}
        onSubmit={onSubmit}
        placeholder={placeholder}
        clearLabel={t('filters.clear')}
        className="flex-1"
      />
      <FilterToggleButton open={panelOpen} onToggle={onTogglePanel} count={filterCount} controls={panelId} />
    </div>
  );
}
