import { gql, type TypedDocumentNode } from '@apollo/client';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData } from 'react-router-dom';
import type {
  OnlineEventsRouteQuery,
  OnlineEventsRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { CreateFab } from '#client/features/events/CreateFab.tsx';
import { EVENT_CARD_FRAGMENT } from '#client/features/events/EventCard.tsx';
import { EventList } from '#client/features/events/EventList.tsx';

export const ONLINE_EVENTS_ROUTE_QUERY: TypedDocumentNode<
  OnlineEventsRouteQuery,
  OnlineEventsRouteQueryVariables
> = gql`
  query OnlineEventsRouteQuery {
    events(filter: { mode: ONLINE }, first: 12) {
      totalCount
      edges {
        node {
          id
          ...EventCard_event
        }
      }
    }
  }
  ${EVENT_CARD_FRAGMENT}
`;

export function loader() {
  return { queryRef: getPreloader()(ONLINE_EVENTS_ROUTE_QUERY) };
}

export function OnlineEventsRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <OnlineEvents queryRef={queryRef} />;
}

function OnlineEvents({ queryRef }: { queryRef: QueryRef<OnlineEventsRouteQuery> }) {
  const { t } = useI18n();
  useDocumentTitle(t('nav.online'));
  const { data } = useReadQuery(queryRef);
  const events = data.events.edges.map((edge) => edge.node);
  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('events.online.title')}</h1>
        <p className="mt-1 text-sm text-ink-300">{t('events.found', { count: data.events.totalCount })}</p>
      </div>
      <EventList
        events={events}
        empty={
          <EmptyState
            emoji="🎮"
            title={t('events.empty.title')}
            text={t('events.empty.online')}
            action={
              <Link to="/dashboard/online?create=1" className={buttonClasses('primary', 'md')}>
                {t('header.createEvent')}
              </Link>
            }
          />
        }
      />
      <CreateFab to="/dashboard/online?create=1" label={t('header.createEvent')} />
    </section>
  );
}
