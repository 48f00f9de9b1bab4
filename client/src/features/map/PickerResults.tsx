import type { MapGeocodeQuery } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export type PickerPlace = MapGeocodeQuery['geocode'][number];

export type PickerSearch =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  // `bias`: the province of the point the search preferred (the map's centre), when known.
  | { status: 'done'; query: string; places: PickerPlace[]; bias: string | null };

// "District, Province" under a result's name, without repeating the name.
export function placeContext(place: PickerPlace): string {
  const parts = [place.district, place.province].filter((p): p is string => Boolean(p) && p !== place.name);
  return parts.filter((p, i) => parts.indexOf(p) === i).join(', ');
}

// The wizard picker's results (issue 27): up to 5, each with its district and province, a result
// in another province than the search's bias labelled so; nothing moves until one is picked.
export function PickerResults({
  id,
  search,
  active,
  onPick,
  onPickOnMap,
}: {
  id: string;
  search: PickerSearch;
  active: number;
  onPick: (place: PickerPlace) => void;
  onPickOnMap: () => void;
}) {
  const { t } = useI18n();
  if (search.status === 'idle') return null;
  if (search.status === 'loading')
    return (
      <p className="px-1 text-sm text-ink-300" role="status">
        {t('map.searching')}
      </p>
    );
  if (search.status === 'error')
    return (
      <p className="px-1 text-sm text-rose-300" role="alert">
        {t('map.searchError')}
      </p>
    );
  if (!search.places.length)
    return (
      <div
        className="flex flex-wrap items-center gap-2 rounded-xl border border-amber-400/30 bg-amber-400/10 px-3 py-2 text-sm text-amber-100"
        role="status"
        data-testid="picker-not-found"
      >
        <span className="min-w-0 flex-1">{t('wizard.location.notFound', { query: search.query })}</span>
        <Button size="sm" variant="outline" onClick={onPickOnMap}>
          {t('wizard.location.pickOnMap')}
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-1">
      <p className="px-1 text-xs text-ink-300" id={`${id}-hint`}>
        {t('wizard.location.chooseResult')}
      </p>
      <ul
        id={id}
        role="listbox"
        aria-label={t('wizard.location.results')}
        aria-describedby={`${id}-hint`}
        className="overflow-hidden rounded-xl border border-ink-600 bg-ink-850"
        data-testid="picker-results"
      >
        {search.places.map((place, i) => {
          const context = placeContext(place);
          const elsewhere = Boolean(search.bias && place.province && place.province !== search.bias);
          return (
            <li
              key={`${place.lat},${place.lng},${place.name}`}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              data-province={place.province ?? ''}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(place)}
              className={cn(
                'flex cursor-pointer items-center gap-2 border-b border-ink-700/60 px-3 py-2 text-sm last:border-b-0',
                i === active ? 'bg-ink-700 text-white' : 'text-ink-100 hover:bg-ink-800',
              )}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{place.name}</span>
                {context ? <span className="block truncate text-xs text-ink-300">{context}</span> : null}
              </span>
              {elsewhere ? (
                <span
                  className="shrink-0 rounded-full border border-amber-400/40 bg-amber-400/10 px-2 py-0.5 text-xs font-semibold text-amber-200"
                  data-testid="other-province"
                >
                  {t('wizard.location.otherProvince', { province: place.province ?? '' })}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
