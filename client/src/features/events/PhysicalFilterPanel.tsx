import { Button } from '#client/components/ui/Button.tsx';
import { Select } from '#client/components/ui/Select.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { ChoiceChips, FilterSection, ToggleChips } from '#client/features/events/FilterSection.tsx';
import {
  DISTANCE_OPTIONS,
  EMPTY_PHYSICAL_FILTERS,
  PHYSICAL_QUICK,
  PHYSICAL_SKILLS,
  TIME_WINDOWS,
  type PhysicalFilters,
} from '#client/features/events/filters.ts';

// The physical dashboard's filter panel: category, distance, time, level and the quick chips.
export function PhysicalFilterPanel({
  filters,
  onChange,
  categories,
  id,
}: {
  filters: PhysicalFilters;
  onChange: (filters: PhysicalFilters) => void;
  categories: readonly { id: string; label: string }[];
  id?: string;
}) {
  const { t } = useI18n();
  const set = (patch: Partial<PhysicalFilters>) => onChange({ ...filters, ...patch });
  return (
    <div
      id={id}
      className="grid grid-cols-1 gap-5 rounded-2xl border border-ink-700 bg-ink-850/80 p-4 md:grid-cols-2 xl:grid-cols-4"
      data-testid="physical-filters"
    >
      <Select
        label={t('filters.category')}
        value={filters.category ?? ''}
        onChange={(e) => set({ category: e.target.value || null })}
      >
        <option value="">{t('filters.category.all')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </Select>
      <FilterSection title={t('filters.distance')}>
        <ChoiceChips
          options={DISTANCE_OPTIONS}
          value={filters.radiusKm}
          onChange={(radiusKm) => set({ radiusKm })}
          label={(km) => t('filters.distance.km', { km })}
          anyLabel={t('filters.distance.any')}
        />
      </FilterSection>
      <FilterSection title={t('filters.time')}>
        <ChoiceChips
          options={TIME_WINDOWS}
          value={filters.timeWindow}
          onChange={(timeWindow) => set({ timeWindow })}
          label={(w) => t(`filters.time.${w}`)}
        />
      </FilterSection>
      <FilterSection title={t('filters.level')}>
        <ToggleChips
          options={PHYSICAL_SKILLS}
          values={filters.skillLevels}
          onChange={(skillLevels) => set({ skillLevels })}
          label={(s) => t(`skill.${s}`)}
        />
      </FilterSection>
      <div className="flex flex-wrap items-end justify-between gap-3 md:col-span-2 xl:col-span-4">
        <FilterSection title={t('filters.quick')}>
          <ToggleChips
            options={PHYSICAL_QUICK}
            values={filters.quick}
            onChange={(quick) => set({ quick })}
            label={(q) => t(`quick.${q}`)}
          />
        </FilterSection>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange({ ...EMPTY_PHYSICAL_FILTERS, search: filters.search })}
        >
          {t('filters.clear')}
        </Button>
      </div>
    </div>
  );
}
