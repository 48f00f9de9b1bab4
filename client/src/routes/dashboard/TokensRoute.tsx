import { gql, type TypedDocumentNode } from '@apollo/client';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { useLoaderData } from 'react-router-dom';
import type { TokensRouteQuery, TokensRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';

export const TOKENS_ROUTE_QUERY: TypedDocumentNode<TokensRouteQuery, TokensRouteQueryVariables> = gql`
  query TokensRouteQuery {
    me {
      id
      tokenBalance
    }
    tokenPackages {
      id
      name
      tokens
      bonusTokens
      price
      originalPrice
      discountPercent
      popular
      validityDays
      features
    }
    tokenLedger(first: 20) {
      nodes {
        id
        delta
        reason
        balanceAfter
        createdAt
        event {
          id
          title
        }
      }
    }
  }
`;

export function loader() {
  return { queryRef: getPreloader()(TOKENS_ROUTE_QUERY) };
}

export function TokensRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <Tokens queryRef={queryRef} />;
}

function Tokens({ queryRef }: { queryRef: QueryRef<TokensRouteQuery> }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t('tokens.title'));
  const { data } = useReadQuery(queryRef);
  return (
    <section className="flex flex-col gap-8">
      <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('tokens.title')}</h1>
      <div className="relative overflow-hidden rounded-3xl bg-accent-gradient p-6 shadow-2xl shadow-fuchsia-950/40 sm:p-8">
        <div aria-hidden="true" className="absolute -top-10 -right-10 text-[9rem] leading-none opacity-20">
          🪙
        </div>
        <p className="text-sm font-semibold text-white/80">{t('tokens.balance')}</p>
        <p className="mt-1 text-5xl font-black text-white tabular-nums">
          {fmt.number(data.me.tokenBalance ?? 0)}
        </p>
        <p className="mt-2 max-w-md text-sm text-white/85">{t('tokens.balanceHint')}</p>
      </div>

      <div className="flex flex-col gap-4">
        <h2 className="text-xl font-bold text-white">{t('tokens.packages')}</h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {data.tokenPackages.map((pkg) => (
            <li key={pkg.id}>
              <Card
                className={cn(
                  'relative flex h-full flex-col gap-3',
                  pkg.popular && 'border-pop-500/70 ring-2 ring-pop-500/40',
                )}
              >
                {pkg.popular ? (
                  <Badge tone="accent" className="absolute -top-3 left-5">
                    {t('tokens.popular')}
                  </Badge>
                ) : null}
                <h3 className="text-lg font-bold text-white">{pkg.name}</h3>
                <p className="text-3xl font-black text-white">{t('tokens.count', { count: pkg.tokens })}</p>
                {pkg.bonusTokens > 0 ? (
                  <p className="text-sm font-semibold text-emerald-300">
                    {t('tokens.bonus', { count: pkg.bonusTokens })}
                  </p>
                ) : null}
                <div className="flex flex-wrap items-baseline gap-2">
                  <span className="text-xl font-bold text-white">{fmt.currency(pkg.price, 'USD')}</span>
                  <span className="text-sm text-ink-300 line-through">
                    {fmt.currency(pkg.originalPrice, 'USD')}
                  </span>
                  <Badge tone="success" className="whitespace-nowrap">
                    {t('tokens.discount', { percent: fmt.percent(pkg.discountPercent) })}
                  </Badge>
                </div>
                <ul className="mt-1 flex flex-col gap-1 text-sm text-ink-200">
                  {pkg.features.map((feature) => (
                    <li key={feature}>✓ {feature}</li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-col gap-4">
        <h2 className="text-xl font-bold text-white">{t('tokens.history')}</h2>
        {data.tokenLedger.nodes.length === 0 ? (
          <EmptyState emoji="🧾" title={t('tokens.history.empty')} />
        ) : (
          <Card className="p-0">
            <ul className="divide-y divide-ink-700">
              {data.tokenLedger.nodes.map((entry) => (
                <li key={entry.id} className="flex items-center justify-between gap-4 px-5 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-white">{t(`tokens.reason.${entry.reason}`)}</p>
                    <p className="truncate text-xs text-ink-300">
                      {fmt.dateTime(entry.createdAt)}
                      {entry.event ? ` · ${entry.event.title}` : ''}
                    </p>
                  </div>
                  <div className="text-right">
                    <p
                      className={cn(
                        'font-bold tabular-nums',
                        entry.delta >= 0 ? 'text-emerald-300' : 'text-rose-300',
                      )}
                    >
                      {entry.delta > 0 ? '+' : ''}
                      {fmt.number(entry.delta)}
                    </p>
                    <p className="text-xs text-ink-300">
                      {t('tokens.balanceAfter', { count: entry.balanceAfter })}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </section>
  );
}
