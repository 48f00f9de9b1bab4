import { gql } from '#client/apollo/gql.ts';
import { Link } from 'react-router-dom';
import type { SeriesInfo_EventFragment } from '#client/__generated__/graphql.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const SERIES_INFO_FRAGMENT = gql`
  fragment SeriesInfo_event on Event {
    id
    seriesIndex
    series {
      id
      frequency
      occurrenceCount
      occurrences {
        id
        startsAt
        status
      }
    }
  }
`;

// A recurring series (ADR 048): which occurrence this is, and every date, each its own event.
export function SeriesInfo({ event }: { event: SeriesInfo_EventFragment }) {
  const { t, fmt } = useI18n();
  const series = event.series;
  if (!series) return null;
  const frequency = t(series.frequency === 'WEEKLY' ? 'series.weekly' : 'series.biweekly');
  return (
    <section
      className="flex flex-col gap-2 rounded-xl border border-accent-500/30 bg-accent-500/5 p-4"
      data-testid="series-info"
    >
      <p className="font-semibold text-accent-200">
        🔁 {t('series.badge', { frequency, index: event.seriesIndex ?? 1, count: series.occurrenceCount })}
      </p>
      <p className="text-xs font-semibold text-ink-300 uppercase">{t('series.occurrences')}</p>
      <ol className="flex flex-wrap gap-2">
        {series.occurrences.map((o) => (
          <li key={o.id}>
            <Link
              to={`/dashboard/eventDetails/${o.id}`}
              className={cn(
                'inline-block rounded-lg border px-2.5 py-1 text-xs',
                o.id === event.id
                  ? 'border-accent-400 bg-accent-500/20 text-white'
                  : 'border-ink-600 text-ink-200',
                o.status === 'CANCELLED' && 'line-through opacity-60',
              )}
              data-testid="series-occurrence"
            >
              {fmt.dateShort(o.startsAt)} · {fmt.time(o.startsAt)}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
