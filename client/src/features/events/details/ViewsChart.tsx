import { useId } from 'react';
import { intlLocale } from '#client/lib/i18n/format.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { layoutBars, ticks, yFor } from '#client/features/events/details/chartScale.ts';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };
// Fewer days than this are no chart.
const MIN_DAYS = 2;

// Unique views per day as an SVG bar chart (no chart library).
export function ViewsChart({ points }: { points: { date: string; count: number }[] }) {
  const { t, fmt, locale } = useI18n();
  const titleId = useId();
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const { bars, max } = layoutBars(points, {
    width: innerW,
    height: innerH,
    gap: points.length > 20 ? 2 : 6,
  });
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(intlLocale(locale), {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${date}T00:00:00Z`));
  // First, middle and last day under the axis, so labels never crowd.
  const labelled = new Set([0, Math.floor((bars.length - 1) / 2), bars.length - 1]);
  const total = points.reduce((sum, p) => sum + p.count, 0);

  if (points.length === 0 || total === 0) {
    return (
      <p className="rounded-xl bg-ink-800 p-6 text-center text-sm text-ink-300">
        {t('analytics.chartEmpty')}
      </p>
    );
  }
  // One day is one full-width bar that says nothing about a trend: say so instead.
  if (points.length < MIN_DAYS) {
    return (
      <p
        className="rounded-xl bg-ink-800 p-6 text-center text-sm text-ink-300"
        data-testid="views-chart-short"
      >
        {t('analytics.chartTooShort', { count: fmt.number(total) })}
      </p>
    );
  }

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full"
      role="img"
      aria-labelledby={titleId}
      data-testid="views-chart"
    >
      <title id={titleId}>{t('analytics.chartLabel', { count: points.length })}</title>
      <defs>
        <linearGradient id={`${titleId}-bar`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#d946ef" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <g transform={`translate(${PAD.left},${PAD.top})`}>
        {ticks(max).map((tick) => {
          const y = yFor(tick, max, innerH);
          return (
            <g key={tick}>
              <line
                x1={0}
                x2={innerW}
                y1={y}
                y2={y}
                stroke="#34264d"
                strokeDasharray={tick === 0 ? undefined : '3 4'}
              />
              <text x={-8} y={y} dy="0.32em" textAnchor="end" fontSize="11" fill="#a697c2">
                {fmt.number(tick)}
              </text>
            </g>
          );
        })}
        {bars.map((bar, i) => (
          <g key={bar.label}>
            <rect
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={Math.max(bar.height, bar.value > 0 ? 2 : 0)}
              rx={Math.min(4, bar.width / 2)}
              fill={`url(#${titleId}-bar)`}
            >
              <title>{`${dayLabel(bar.label)}: ${fmt.number(bar.value)}`}</title>
            </rect>
            {labelled.has(i) ? (
              <text
                x={bar.x + bar.width / 2}
                y={innerH + 18}
                textAnchor="middle"
                fontSize="11"
                fill="#a697c2"
              >
                {dayLabel(bar.label)}
              </text>
            ) : null}
          </g>
        ))}
      </g>
    </svg>
  );
}
