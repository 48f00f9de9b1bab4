import type { QuickFilter } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Chip } from '#client/components/ui/Chip.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';
import { FilterSection } from '#client/features/events/FilterSection.tsx';
import {
  EMPTY_LOBBY_FILTERS,
  GAME_TYPES,
  LOBBY_DEVICES,
  LOBBY_QUICK,
  LOBBY_SKILLS,
  toggle,
  VOICE_OPTIONS,
  type LobbyFilters,
} from '#client/features/events/filters.ts';

// The lobby's chip labels: 'Casual' is the CHILL filter and 'Newbie Friendly' is BEGINNERS.
const LOBBY_QUICK_LABEL: Partial<Record<QuickFilter, MessageKey>> = {
  CHILL: 'quick.CASUAL',
  BEGINNERS: 'quick.NEWBIE',
};

export function LobbyFilterPanel({
  filters,
  onChange,
  id,
}: {
  filters: LobbyFilters;
  onChange: (filters: LobbyFilters) => void;
  id?: string;
}) {
  const { t } = useI18n();
  const set = (patch: Partial<LobbyFilters>) => onChange({ ...filters, ...patch });
  return (
    <div
      id={id}
      className="grid grid-cols-1 gap-5 rounded-2xl border border-ink-700 bg-ink-850/80 p-4 md:grid-cols-2"
      data-testid="lobby-filters"
    >
      <FilterSection title={t('filters.gameType')}>
        <Chip selected={filters.gameType == null} onClick={() => set({ gameType: null })}>
          {t('filters.gameType.all')}
        </Chip>
        {GAME_TYPES.map((g) => (
          <Chip key={g} selected={filters.gameType === g} onClick={() => set({ gameType: g })}>
            {t(`filters.gameType.${g}`)}
          </Chip>
        ))}
      </FilterSection>
      <FilterSection title={t('filters.skill')}>
        {LOBBY_SKILLS.map((s) => (
          <Chip
            key={s}
            selected={filters.skillLevels.includes(s)}
            onClick={() => set({ skillLevels: toggle(filters.skillLevels, s) })}
          >
            {t(`skill.${s}`)}
          </Chip>
        ))}
      </FilterSection>
      <FilterSection title={t('filters.platform')}>
        {LOBBY_DEVICES.map((d) => (
          <Chip
            key={d}
            selected={filters.devices.includes(d)}
            onClick={() => set({ devices: toggle(filters.devices, d) })}
          >
            {t(`filters.device.${d}`)}
          </Chip>
        ))}
      </FilterSection>
      <FilterSection title={t('filters.voice')}>
        {VOICE_OPTIONS.map((v) => (
          <Chip
            key={v}
            selected={filters.voiceChat === v}
            onClick={() => set({ voiceChat: filters.voiceChat === v ? null : v })}
          >
            {t(`voice.${v}`)}
          </Chip>
        ))}
      </FilterSection>
      <div className="flex justify-end md:col-span-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange({ ...EMPTY_LOBBY_FILTERS, search: filters.search, quick: filters.quick })}
        >
          {t('filters.clear')}
        </Button>
      </div>
    </div>
  );
}

export function LobbyQuickChips({
  filters,
  onChange,
}: {
  filters: LobbyFilters;
  onChange: (f: LobbyFilters) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('filters.quick')}>
      {LOBBY_QUICK.map((q) => (
        <Chip
          key={q}
          selected={filters.quick.includes(q)}
          onClick={() => onChange({ ...filters, quick: toggle(filters.quick, q) })}
        >
          {t(LOBBY_QUICK_LABEL[q] ?? `quick.${q}`)}
        </Chip>
      ))}
    </div>
  );
}
