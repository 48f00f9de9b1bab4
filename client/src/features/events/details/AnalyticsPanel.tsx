import { gql } from '#client/apollo/gql.ts';
import type { AnalyticsPanel_AnalyticsFragment } from '#client/__generated__/graphql.ts';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { DASH, shareText } from '#client/lib/format.ts';
import { ViewsChart } from '#client/features/events/details/ViewsChart.tsx';

export const ANALYTICS_PANEL_FRAGMENT = gql`
  fragment AnalyticsPanel_analytics on EventAnalytics {
    views
    viewsByDay {
      date
      count
    }
    saves
    shares
    requests
    autoDeclinedRequests
    conversionRate
    medianResponseMinutes
    peakDay
  }
`;

// The host's analytics: counters, the views chart and three insights ('—' when not measurable yet).
export function AnalyticsPanel({ analytics }: { analytics: AnalyticsPanel_AnalyticsFragment }) {
  const { t, fmt } = useI18n();
  const counters = [
    { label: t('analytics.views'), value: analytics.views, emoji: '👁️', testId: 'analytics-views' },
    { label: t('analytics.likes'), value: analytics.saves, emoji: '♥', testId: 'analytics-saves' },
    { label: t('analytics.shares'), value: analytics.shares, emoji: '🔗', testId: 'analytics-shares' },
    {
      label: t('analytics.requests'),
      value: analytics.requests,
      emoji: '📨',
      testId: 'analytics-requests',
      note:
        analytics.autoDeclinedRequests > 0
          ? t('analytics.autoDeclined', { count: fmt.number(analytics.autoDeclinedRequests) })
          : null,
    },
  ];
  const insights = [
    {
      label: t('analytics.peak'),
      value: analytics.peakDay ? fmt.date(`${analytics.peakDay}T12:00:00Z`) : DASH,
    },
    {
      label: t('analytics.conversion'),
      value: shareText(analytics.conversionRate, fmt, 1),
      hint: t('analytics.conversionHint'),
    },
    {
      label: t('analytics.response'),
      value:
        analytics.medianResponseMinutes == null
          ? DASH
          : t('analytics.minutes', { count: fmt.number(Math.round(analytics.medianResponseMinutes)) }),
    },
  ];
  return (
    <div className="flex flex-col gap-4" data-testid="analytics-panel">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {counters.map((c) => (
          <Card key={c.label} className="p-4">
            <dd className="text-2xl font-black text-white tabular-nums" data-testid={c.testId}>
              <span aria-hidden="true" className="mr-1.5 text-lg">
                {c.emoji}
              </span>
              {fmt.number(c.value)}
            </dd>
            <dt className="text-sm text-ink-300">{c.label}</dt>
            {c.note ? <p className="mt-1 text-xs text-ink-300">{c.note}</p> : null}
          </Card>
        ))}
      </dl>
      <Card>
        <h2 className="mb-3 text-base font-bold text-white">{t('analytics.chartTitle')}</h2>
        <ViewsChart points={analytics.viewsByDay} />
      </Card>
      <Card>
        <h2 className="mb-3 text-base font-bold text-white">{t('analytics.insights')}</h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {insights.map((i) => (
            <div key={i.label} className="rounded-xl bg-ink-800 p-3" title={i.hint}>
              <dt className="text-xs text-ink-300">{i.label}</dt>
              <dd className="text-lg font-bold text-white">{i.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
