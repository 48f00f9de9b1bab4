import { gql, type TypedDocumentNode } from '@apollo/client';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData } from 'react-router-dom';
import type { MyEventsRouteQuery, MyEventsRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { EventStatusBadge } from '#client/features/events/EventStatusBadge.tsx';

// The API has no "my events" list yet: this reads 50 events (past included) and keeps
// those where the viewer is host, participant or requester.
export const MY_EVENTS_ROUTE_QUERY: TypedDocumentNode<MyEventsRouteQuery, MyEventsRouteQueryVariables> = gql`
  query MyEventsRouteQuery {
    events(filter: { includePast: true }, first: 50) {
      edges {
        node {
          id
          mode
          title
          description
          startsAt
          status
          viewerRole
          platform
          publicLocation
          participantCount
          maxParticipants
        }
      }
    }
  }
`;

export function loader() {
  return { queryRef: getPreloader()(MY_EVENTS_ROUTE_QUERY) };
}

export function MyEventsRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <MyEvents queryRef={queryRef} />;
}

function MyEvents({ queryRef }: { queryRef: QueryRef<MyEventsRouteQuery> }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t('myEvents.title'));
  const { data } = useReadQuery(queryRef);
  const mine = data.events.edges.map((e) => e.node).filter((event) => event.viewerRole !== 'NONE');
  const hosted = mine.filter((event) => event.viewerRole === 'HOST').length;
  const attended = mine.filter((event) => event.viewerRole === 'PARTICIPANT').length;
  const counters = [
    { label: t('myEvents.total'), value: mine.length },
    { label: t('myEvents.hosted'), value: hosted },
    { label: t('myEvents.attended'), value: attended },
  ];

  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('myEvents.title')}</h1>
        <p className="mt-1 text-ink-300">{t('myEvents.subtitle')}</p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {counters.map((counter) => (
          <Card key={counter.label} className="p-4">
            <dd className="text-2xl font-black text-white">{fmt.number(counter.value)}</dd>
            <dt className="text-xs text-ink-300 sm:text-sm">{counter.label}</dt>
          </Card>
        ))}
      </dl>
      {mine.length === 0 ? (
        <EmptyState
          emoji="📅"
          title={t('myEvents.empty')}
          text={t('myEvents.emptyHint')}
          action={
            <Link to="/dashboard/physical?create=1" className={buttonClasses('primary', 'md')}>
              {t('header.createEvent')}
            </Link>
          }
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {mine.map((event) => (
            <li key={event.id}>
              <Card className="flex h-full flex-col gap-3">
                <div className="flex flex-wrap items-center gap-2">
                  <EventStatusBadge status={event.status} />
                  {event.viewerRole !== 'NONE' ? (
                    <Badge>{t(`myEvents.role.${event.viewerRole}`)}</Badge>
                  ) : null}
                </div>
                <h2 className="text-lg font-bold text-white">{event.title}</h2>
                <p className="text-sm text-ink-300">
                  🗓️ {fmt.date(event.startsAt)} · {fmt.time(event.startsAt)}
                </p>
                <p className="line-clamp-2 text-sm text-ink-200">{event.description}</p>
                <p className="text-sm text-ink-300">
                  {event.mode === 'ONLINE'
                    ? `🎮 ${event.platform ?? ''}`
                    : `📌 ${event.publicLocation ?? ''}`}{' '}
                  · 👥{' '}
                  {t('events.participants', { current: event.participantCount, max: event.maxParticipants })}
                </p>
                <Link
                  to={`/dashboard/eventDetails/${event.id}`}
                  className={buttonClasses('outline', 'sm', 'mt-auto self-start')}
                >
                  {t('myEvents.viewDetails')}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
