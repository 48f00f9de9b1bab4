import type { TypedDocumentNode } from '@apollo/client';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { useParams } from 'react-router-dom';
import type { PublicPlanRouteQuery, PublicPlanRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { gql } from '#client/apollo/gql.ts';
import { getApolloClient } from '#client/app/apolloClient.ts';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { AuthCard, AuthShell } from '#client/features/auth/AuthShell.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';

export const PUBLIC_PLAN_ROUTE_QUERY: TypedDocumentNode<PublicPlanRouteQuery, PublicPlanRouteQueryVariables> =
  gql`
    query PublicPlanRouteQuery($token: String!) {
      publicSafetyPlan(token: $token) {
        state
        userName
        eventTitle
        startsAt
        endsAt
        place
        host
        hostProfileUrl
        expectedHomeAt
        homeAt
        alertedAt
        lastPosition {
          latitude
          longitude
          sharedAt
        }
      }
    }
  `;

// /plan/<token>: the page a trusted contact opens from the e-mail, signed out (ADR 068): the plan's
// state and what the user shared, nothing else; "expired" a day after the event.
export function PublicPlanRoute() {
  const { token = '' } = useParams();
  return (
    <AuthShell>
      <ApolloProvider client={getApolloClient()}>
        <PublicPlan token={token} />
      </ApolloProvider>
    </AuthShell>
  );
}

function PublicPlan({ token }: { token: string }) {
  const { t, fmt } = useI18n();
  const { data, loading } = useQuery(PUBLIC_PLAN_ROUTE_QUERY, { variables: { token }, pollInterval: 60_000 });
  useDocumentTitle(t('planPage.title'));
  const plan = data?.publicSafetyPlan;
  if (loading && !data) return <Spinner />;
  if (!plan)
    return (
      <AuthCard className="mx-auto max-w-md text-center">
        <p className="text-lg text-ink-100" data-testid="plan-page">
          {t('planPage.notFound')}
        </p>
      </AuthCard>
    );
  if (plan.state === 'EXPIRED')
    return (
      <AuthCard className="mx-auto flex max-w-md flex-col gap-3 text-center">
        <h1 className="text-2xl font-extrabold text-white" data-testid="plan-page">
          {t('planPage.expiredTitle')}
        </h1>
        <p className="text-ink-200">{t('planPage.expired')}</p>
      </AuthCard>
    );
  const at = (iso: unknown) => `${fmt.date(iso as string)} · ${fmt.time(iso as string)}`;
  const stateText =
    plan.state === 'HOME'
      ? t('planPage.stateHome', { time: at(plan.homeAt) })
      : plan.state === 'ALERTED'
        ? t('planPage.stateAlerted', { time: at(plan.alertedAt) })
        : plan.state === 'CHECK_ENDED'
          ? t('planPage.stateEnded')
          : t('planPage.stateActive');
  const tone =
    plan.state === 'ALERTED'
      ? 'border-rose-400/60 bg-rose-500/15 text-rose-100'
      : plan.state === 'HOME'
        ? 'border-emerald-400/50 bg-emerald-500/10 text-emerald-100'
        : 'border-ink-600 bg-ink-800 text-ink-100';
  const pos = plan.lastPosition;
  return (
    <AuthCard className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <h1 className="text-2xl font-extrabold text-white" data-testid="plan-page">
        {t('planPage.title')}
      </h1>
      <p className="text-ink-200">{t('planPage.by', { name: plan.userName ?? '' })}</p>
      <div
        role="status"
        className={`rounded-2xl border p-4 text-sm font-semibold ${tone}`}
        data-state={plan.state}
      >
        {stateText}
      </div>
      <dl className="grid gap-3 text-sm">
        <Row label={t('planPage.event')} value={plan.eventTitle ?? ''} />
        <Row label={t('planPage.when')} value={`${at(plan.startsAt)} – ${fmt.time(plan.endsAt as string)}`} />
        <Row label={t('planPage.place')} value={plan.place ?? '—'} />
        <div>
          <dt className="text-ink-300">{t('planPage.host')}</dt>
          <dd className="font-semibold text-white">
            {plan.host}{' '}
            {plan.hostProfileUrl ? (
              <a href={plan.hostProfileUrl} className="text-xs text-accent-200 underline">
                {t('planPage.hostLink')}
              </a>
            ) : null}
          </dd>
        </div>
        <Row label={t('planPage.expected')} value={at(plan.expectedHomeAt)} />
        {pos ? (
          <div>
            <dt className="text-ink-300">{t('planPage.position', { time: at(pos.sharedAt) })}</dt>
            <dd>
              <a
                className="font-semibold text-accent-200 underline"
                href={`https://www.openstreetmap.org/?mlat=${pos.latitude}&mlon=${pos.longitude}#map=17/${pos.latitude}/${pos.longitude}`}
                rel="noreferrer"
                target="_blank"
              >
                {t('planPage.openMap')}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </AuthCard>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-ink-300">{label}</dt>
      <dd className="font-semibold text-white">{value}</dd>
    </div>
  );
}
