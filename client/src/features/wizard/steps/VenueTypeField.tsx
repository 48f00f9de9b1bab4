import type { VenueType } from '#client/__generated__/graphql.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

const VENUES: readonly VenueType[] = [
  'CAFE_RESTAURANT',
  'PARK_SQUARE',
  'SPORTS_FACILITY',
  'CAMPUS',
  'PRIVATE_HOME',
  'OTHER',
];

// The kind of place of a physical event (ADR 069), required in the location step: one tap per
// choice, large enough for a phone. A private home gets a badge and safety tips for its guests.
export function VenueTypeField({
  value,
  onChange,
  showError,
}: {
  value: VenueType | null;
  onChange: (v: VenueType) => void;
  showError: boolean;
}) {
  const { t } = useI18n();
  const error = showError && !value;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="venue-type">
      <legend className="mb-1 text-sm font-semibold text-ink-100">{t('venue.label')} *</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {VENUES.map((venue) => (
          <label
            key={venue}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm',
              value === venue
                ? 'border-violet-400 bg-violet-500/20 text-white'
                : 'border-ink-700 text-ink-200 hover:border-ink-500',
            )}
          >
            <input
              type="radio"
              name="venueType"
              value={venue}
              checked={value === venue}
              onChange={() => onChange(venue)}
              className="accent-violet-500"
            />
            {t(`venue.${venue}`)}
          </label>
        ))}
      </div>
      <p className={cn('text-xs', error ? 'text-rose-300' : 'text-ink-300')}>
        {error ? t('common.required') : t('venue.hint')}
      </p>
    </fieldset>
  );
}
