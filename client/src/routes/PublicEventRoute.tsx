import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { Link, redirect, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { PublicEventRouteQuery, PublicEventRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { getApolloClient } from '#client/app/apolloClient.ts';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { AuthCard, AuthShell } from '#client/features/auth/AuthShell.tsx';
import { getAuth } from '#client/features/auth/auth.ts';
import { rememberReturnTo } from '#client/features/auth/returnTo.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';

export const PUBLIC_EVENT_ROUTE_QUERY: TypedDocumentNode<
  PublicEventRouteQuery,
  PublicEventRouteQueryVariables
> = gql`
  query PublicEventRouteQuery($id: ID!) {
    publicEvent(id: $id) {
      id
      mode
      title
      description
      startsAt
      durationLabel
      publicLocation
      platform {
        id
        label
      }
      category {
        id
        label
      }
      tags {
        id
        label
      }
      maxParticipants
      participantCount
      status
      hostName
      imageUrl
      appPath
    }
  }
`;

// /e/<id>: what a shared link shows a signed-out visitor (ADR 049) — the public fields, never the
// exact place — and a join button that goes through sign-in and comes back here. Signed in, the
// event's own page.
export function loader({ params }: LoaderFunctionArgs) {
  if (getAuth().session.hasSession()) throw redirect(`/dashboard/eventDetails/${params.id ?? ''}`);
  return null;
}

export function PublicEventRoute() {
  const { id = '' } = useParams();
  return (
    <AuthShell wide>
      <ApolloProvider client={getApolloClient()}>
        <PublicEvent id={id} />
      </ApolloProvider>
    </AuthShell>
  );
}

function PublicEvent({ id }: { id: string }) {
  const { t, fmt } = useI18n();
  const { data, loading } = useQuery(PUBLIC_EVENT_ROUTE_QUERY, { variables: { id } });
  const event = data?.publicEvent;
  useDocumentTitle(event?.title ?? t('public.notFound'));
  if (loading && !data) return <Spinner />;
  if (!event) {
    return (
      <AuthCard className="mx-auto flex max-w-md flex-col gap-4 text-center">
        <p className="text-lg text-ink-100">{t('public.notFound')}</p>
        <Link to="/login" className={buttonClasses('primary', 'md')}>
          {t('public.home')}
        </Link>
      </AuthCard>
    );
  }
  const back = `/e/${event.id}`;
  const closed = event.status === 'CANCELLED' || event.status === 'COMPLETED';
  const where = event.mode === 'PHYSICAL' ? event.publicLocation : event.platform?.label;
  return (
    <article
      className="mx-auto grid w-full max-w-4xl gap-6 lg:grid-cols-[3fr_2fr]"
      data-testid="public-event"
    >
      <img
        src={event.imageUrl}
        alt=""
        width={1200}
        height={630}
        className="w-full rounded-3xl border border-ink-700/80 shadow-2xl shadow-black/40 lg:col-span-2"
      />
      <AuthCard className="flex flex-col gap-4">
        <span className="w-fit rounded-full bg-accent-500/20 px-3 py-1 text-xs font-semibold text-accent-200">
          {event.category.label}
        </span>
        <h1 className="text-3xl font-extrabold text-white">{event.title}</h1>
        <p className="whitespace-pre-line text-ink-200">{event.description}</p>
        <ul className="flex flex-wrap gap-2">
          {event.tags.map((tag) => (
            <li key={tag.id} className="rounded-full bg-ink-800 px-3 py-1 text-xs text-ink-200">
              #{tag.label}
            </li>
          ))}
        </ul>
      </AuthCard>
      <AuthCard className="flex flex-col gap-3">
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="text-ink-300">{t('eventDetails.date')}</dt>
            <dd className="font-semibold text-white">
              {fmt.date(event.startsAt)} · {fmt.time(event.startsAt)} ({event.durationLabel})
            </dd>
          </div>
          <div>
            <dt className="text-ink-300">{t(event.mode === 'PHYSICAL' ? 'join.where' : 'join.platform')}</dt>
            <dd className="font-semibold text-white">📍 {where ?? '—'}</dd>
            {event.mode === 'PHYSICAL' ? (
              <dd className="text-xs text-ink-300">{t('public.placeNote')}</dd>
            ) : null}
          </div>
          <div>
            <dt className="text-ink-300">{t('join.participants')}</dt>
            <dd className="font-semibold text-white">
              {t('public.spots', { count: event.participantCount, max: event.maxParticipants })}
            </dd>
          </div>
          <div>
            <dt className="text-ink-300">{t('public.hostLabel')}</dt>
            <dd className="font-semibold text-white">{event.hostName}</dd>
          </div>
        </dl>
        {closed ? (
          <p className="font-semibold text-rose-200" role="status">
            {t(event.status === 'CANCELLED' ? 'public.cancelled' : 'public.completed')}
          </p>
        ) : (
          <>
            <Link
              to={`/login?returnTo=${encodeURIComponent(back)}`}
              className={buttonClasses('primary', 'lg', 'w-full')}
              data-testid="public-join"
              onClick={() => rememberReturnTo(back)}
            >
              {t('public.join')}
            </Link>
            <Link
              to="/register"
              className="text-center text-sm font-semibold text-accent-400 hover:text-pop-400"
              onClick={() => rememberReturnTo(back)}
            >
              {t('public.register')}
            </Link>
          </>
        )}
      </AuthCard>
    </article>
  );
}
