import type { SeriesScope } from '#client/__generated__/graphql.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

const SCOPES: readonly SeriesScope[] = ['THIS', 'FOLLOWING'];

// An occurrence of a recurring series (ADR 048) is edited or cancelled alone or with every later
// date; the server applies either (issue 27). `action` names what is done: edit or cancel.
export function SeriesScopeChoice({
  value,
  onChange,
  action,
}: {
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
  action: 'edit' | 'cancel';
}) {
  const { t } = useI18n();
  return (
    <fieldset className="flex flex-col gap-2" data-testid="series-scope">
      <legend className="mb-1 text-sm font-semibold text-ink-100">{t(`series.scope.${action}`)}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {SCOPES.map((scope) => (
          <label
            key={scope}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm',
              value === scope
                ? 'border-accent-400 bg-accent-500/15 text-white'
                : 'border-ink-700 text-ink-200 hover:border-ink-500',
            )}
          >
            <input
              type="radio"
              name={`series-scope-${action}`}
              value={scope}
              checked={value === scope}
              onChange={() => onChange(scope)}
              className="accent-accent-500"
            />
            {t(`series.scope.${scope}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
