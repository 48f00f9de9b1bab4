import { Button } from '#client/components/ui/Button.tsx';
import { Chip } from '#client/components/ui/Chip.tsx';
import { Select } from '#client/components/ui/Select.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { FilterSection } from '#client/features/events/FilterSection.tsx';
import {
  DISTANCE_OPTIONS,
  EMPTY_PHYSICAL_FILTERS,
  PHYSICAL_QUICK,
  PHYSICAL_SKILLS,
  TIME_WINDOWS,
  toggle,
  type PhysicalFilters,
} from '#client/features/events/filters.ts';
import { categoryLabel } from '#client/features/events/labels.ts';

// The physical dashboard's filter panel: category, distance, time, level and the quick chips.
export function PhysicalFilterPanel({
  filters,
  onChange,
  categories,
  id,
}: {
  filters: PhysicalFilters;
  onChange: (filters: PhysicalFilters) => void;
  categories: readonly { name: string }[];
  id?: string;
}) {
  const { t, locale } = useI18n();
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
          <option key={c.name} value={c.name}>
            {categoryLabel(c.name, locale)}
          </option>
        ))}
      </Select>
      <FilterSection title={t('filters.distance')}>
        <Chip selected={filters.radiusKm == null} onClick={() => set({ radiusKm: null })}>
          {t('filters.distance.any')}
        </Chip>
        {DISTANCE_OPTIONS.map((km) => (
          <Chip key={km} selected={filters.radiusKm === km} onClick={() => set({ radiusKm: km })}>
            {t('filters.distance.km', { km })}
          </Chip>
        ))}
      </FilterSection>
      <FilterSection title={t('filters.time')}>
        {TIME_WINDOWS.map((w) => (
          <Chip
            key={w}
            selected={filters.timeWindow === w}
            onClick={() => set({ timeWindow: filters.timeWindow === w ? null : w })}
          >
            {t(`filters.time.${w}`)}
          </Chip>
        ))}
      </FilterSection>
      <FilterSection title={t('filters.level')}>
        {PHYSICAL_SKILLS.map((s) => (
          <Chip
            key={s}
            selected={filters.skillLevels.includes(s)}
            onClick={() => set({ skillLevels: toggle(filters.skillLevels, s) })}
          >
            {t(`skill.${s}`)}
          </Chip>
        ))}
      </FilterSection>
      <div className="flex flex-wrap items-end justify-between gap-3 md:col-span-2 xl:col-span-4">
        <FilterSection title={t('filters.quick')}>
          {PHYSICAL_QUICK.map((q) => (
            <Chip
              key={q}
              selected={filters.quick.includes(q)}
              onClick={() => set({ quick: toggle(filters.quick, q) })}
            >
              {t(`quick.${q}`)}
            </Chip>
          ))}
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
