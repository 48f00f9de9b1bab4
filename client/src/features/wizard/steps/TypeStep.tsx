import type { EventMode } from '#client/__generated__/graphql.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// Step 1: physical or online (fixed when editing).
export function TypeStep({
  value,
  locked,
  onChange,
}: {
  value: EventMode | null;
  locked: boolean;
  onChange: (mode: EventMode) => void;
}) {
  const { t } = useI18n();
  const options: { mode: EventMode; emoji: string; title: string; hint: string }[] = [
    { mode: 'PHYSICAL', emoji: '📍', title: t('wizard.type.physical'), hint: t('wizard.type.physicalHint') },
    { mode: 'ONLINE', emoji: '🎮', title: t('wizard.type.online'), hint: t('wizard.type.onlineHint') },
  ];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-medium text-ink-200">{t('wizard.type.question')}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.mode}
            className={cn(
              'flex cursor-pointer flex-col gap-2 rounded-2xl border p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-pop-400',
              value === option.mode
                ? 'border-accent-400 bg-accent-500/15 shadow-lg shadow-fuchsia-950/30'
                : 'border-ink-600 bg-ink-850/60 hover:border-accent-400',
              locked && value !== option.mode && 'cursor-not-allowed opacity-50',
            )}
          >
            <input
              type="radio"
              name="event-mode"
              value={option.mode}
              checked={value === option.mode}
              disabled={locked}
              onChange={() => onChange(option.mode)}
              className="sr-only"
            />
            <span aria-hidden="true" className="text-3xl">
              {option.emoji}
            </span>
            <span className="text-lg font-bold text-white">{option.title}</span>
            <span className="text-sm text-ink-300">{option.hint}</span>
          </label>
        ))}
      </div>
      {locked ? <p className="text-xs text-ink-300">{t('wizard.type.locked')}</p> : null}
    </fieldset>
  );
}
