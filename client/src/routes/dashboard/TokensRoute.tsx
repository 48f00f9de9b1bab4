import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useApolloClient, useReadQuery, type QueryRef } from '@apollo/client/react';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import type { TokensRouteQuery, TokensRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Tabs } from '#client/components/ui/Tabs.tsx';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';
import { getConfig } from '#client/lib/config.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { AutoRefillCard } from '#client/features/tokens/AutoRefillCard.tsx';
import { CheckoutDialog } from '#client/features/tokens/CheckoutDialog.tsx';
import { EarnPanel } from '#client/features/tokens/EarnPanel.tsx';
import { PackageCard, type PackageView } from '#client/features/tokens/PackageCard.tsx';
import { LedgerList, PurchaseHistory } from '#client/features/tokens/PurchaseHistory.tsx';
import { PurchaseResult } from '#client/features/tokens/PurchaseResult.tsx';
import { AUTO_REFILL_FRAGMENT } from '#client/features/tokens/useTokenMutations.ts';

export const TOKENS_ROUTE_QUERY: TypedDocumentNode<TokensRouteQuery, TokensRouteQueryVariables> = gql`
  query TokensRouteQuery {
    me {
      id
      tokenBalance
      referralLink
      expiringTokens {
        tokens
        expiresAt
      }
      ...AutoRefill_user
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
    tokenPurchases(first: 50) {
      nodes {
        id
        createdAt
        package {
          id
          name
        }
        tokens
        bonusTokens
        amount
        currency
        status
        method
        autoRefill
      }
    }
    tokenLedger(first: 30) {
      nodes {
        id
        delta
        cause
        balanceAfter
        createdAt
      }
    }
    earning {
      rules {
        id
        title
        description
        reward
      }
      challenge {
        month
        hostedEvents
        goal
        reward
        done
      }
      referrals {
        invited
        rewarded
        reward
      }
    }
  }
  ${AUTO_REFILL_FRAGMENT}
`;

const TABS = ['purchase', 'history', 'earn'] as const;
type Tab = (typeof TABS)[number];

export function loader() {
  return { queryRef: getPreloader()(TOKENS_ROUTE_QUERY) };
}

export function TokensRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <Tokens queryRef={queryRef} />;
}

// Spec §2 Tokens and payment: Purchase Tokens (balance, packages, checkout, auto-refill), Purchase
// History, Earn Tokens. Back from a checkout (?purchase=<id>) the outcome is shown on top.
function Tokens({ queryRef }: { queryRef: QueryRef<TokensRouteQuery> }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t('tokens.title'));
  const client = useApolloClient();
  const { data } = useReadQuery(queryRef);
  const [params, setParams] = useSearchParams();
  const [buying, setBuying] = useState<PackageView | null>(null);
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'purchase';
  const purchaseId = params.get('purchase');
  const sandbox = getConfig().payments?.provider === 'sandbox';
  const nextExpiry = data.me.expiringTokens?.[0];

  const setTab = (next: string) =>
    setParams(
      (p) => {
        if (next === 'purchase') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  const closeResult = () => {
    // The lists behind the outcome are read again (a new purchase and ledger entry).
    evictRootFields(client.cache, ['tokenPurchases', 'tokenLedger']);
    setParams(
      (p) => {
        p.delete('purchase');
        p.delete('cancelled');
        return p;
      },
      { replace: true },
    );
  };

  const purchase = (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <h2 className="text-xl font-bold text-white">{t('tokens.packages')}</h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {data.tokenPackages.map((pkg) => (
            <li key={pkg.id}>
              <PackageCard pkg={pkg} onBuy={setBuying} />
            </li>
          ))}
        </ul>
      </div>
      <AutoRefillCard user={data.me} packages={data.tokenPackages} />
    </div>
  );

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('tokens.title')}</h1>
      {purchaseId ? (
        <PurchaseResult
          key={purchaseId}
          purchaseId={purchaseId}
          cancelled={params.get('cancelled') === '1'}
          onClose={closeResult}
          onRetry={(packageId) => {
            closeResult();
            setBuying(data.tokenPackages.find((p) => p.id === packageId) ?? null);
          }}
        />
      ) : null}
      <div className="relative overflow-hidden rounded-3xl bg-accent-gradient p-6 shadow-2xl shadow-fuchsia-950/40 sm:p-8">
        <div aria-hidden="true" className="absolute -top-10 -right-10 text-[9rem] leading-none opacity-20">
          🪙
        </div>
        <p className="text-sm font-semibold text-white/80">{t('tokens.balance')}</p>
        <p className="mt-1 text-5xl font-black text-white tabular-nums" data-testid="tokens-banner-balance">
          {fmt.number(data.me.tokenBalance ?? 0)}
        </p>
        <p className="mt-2 max-w-md text-sm text-white/85">{t('tokens.balanceHint')}</p>
        <p className="mt-1 text-sm font-semibold text-white">
          {nextExpiry
            ? `⏳ ${t('tokens.expiring', { count: nextExpiry.tokens, date: fmt.date(String(nextExpiry.expiresAt)) })}`
            : t('tokens.noExpiry')}
        </p>
      </div>
      <Tabs
        label={t('tokens.sections')}
        value={tab}
        onValueChange={setTab}
        items={[
          { id: 'purchase', label: t('tokens.tab.purchase'), content: purchase },
          {
            id: 'history',
            label: t('tokens.tab.history'),
            content: (
              <div className="flex flex-col gap-6">
                <div className="flex flex-col gap-3">
                  <h2 className="text-xl font-bold text-white">{t('tokens.purchases')}</h2>
                  <PurchaseHistory purchases={data.tokenPurchases.nodes} />
                </div>
                <div className="flex flex-col gap-3">
                  <h2 className="text-xl font-bold text-white">{t('tokens.history')}</h2>
                  <LedgerList entries={data.tokenLedger.nodes} />
                </div>
              </div>
            ),
          },
          {
            id: 'earn',
            label: t('tokens.tab.earn'),
            content: <EarnPanel earning={data.earning} referralLink={data.me.referralLink} />,
          },
        ]}
      />
      <CheckoutDialog pkg={buying} sandbox={sandbox} onClose={() => setBuying(null)} />
    </section>
  );
}
