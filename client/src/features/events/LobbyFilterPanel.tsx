import type { QuickFilter } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';
import { ChoiceChips, FilterSection, ToggleChips } from '#client/features/events/FilterSection.tsx';
import {
  EMPTY_LOBBY_FILTERS,
  GAME_TYPES,
  LOBBY_DEVICES,
  LOBBY_QUICK,
  LOBBY_SKILLS,
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
        <ChoiceChips
          options={GAME_TYPES}
          value={filters.gameType}
          onChange={(gameType) => set({ gameType })}
          label={(g) => t(`filters.gameType.${g}`)}
          anyLabel={t('filters.gameType.all')}
        />
      </FilterSection>
      <FilterSection title={t('filters.skill')}>
        <ToggleChips
          options={LOBBY_SKILLS}
          values={filters.skillLevels}
          onChange={(skillLevels) => set({ skillLevels })}
          label={(s) => t(`skill.${s}`)}
        />
      </FilterSection>
      <FilterSection title={t('filters.platform')}>
        <ToggleChips
          options={LOBBY_DEVICES}
          values={filters.devices}
          onChange={(devices) => set({ devices })}
          label={(d) => t(`filters.device.${d}`)}
        />
      </FilterSection>
      <FilterSection title={t('filters.voice')}>
        <ChoiceChips
          options={VOICE_OPTIONS}
          value={filters.voiceChat}
          onChange={(voiceChat) => set({ voiceChat })}
          label={(v) => t(`voice.${v}`)}
        />
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
      <ToggleChips
        options={LOBBY_QUICK}
        values={filters.quick}
        onChange={(quick) => onChange({ ...filters, quick })}
        label={(q) => t(LOBBY_QUICK_LABEL[q] ?? `quick.${q}`)}
      />
    </div>
  );
}
