import { gql, type TypedDocumentNode } from '@apollo/client';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData } from 'react-router-dom';
import type {
  PhysicalEventsRouteQuery,
  PhysicalEventsRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { getConfig } from '#client/lib/config.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { EVENT_CARD_FRAGMENT } from '#client/features/events/EventCard.tsx';
import { CreateFab } from '#client/features/events/CreateFab.tsx';
import { EventList } from '#client/features/events/EventList.tsx';
import { referencePoint } from '#client/features/events/eventsQueries.ts';

export const PHYSICAL_EVENTS_ROUTE_QUERY: TypedDocumentNode<
  PhysicalEventsRouteQuery,
  PhysicalEventsRouteQueryVariables
> = gql`
  query PhysicalEventsRouteQuery($near: GeoPointInput!) {
    events(filter: { mode: PHYSICAL, near: $near }, first: 12) {
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
  return {
    queryRef: getPreloader()(PHYSICAL_EVENTS_ROUTE_QUERY, {
      variables: { near: referencePoint(getConfig()) },
    }),
  };
}

export function PhysicalEventsRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <PhysicalEvents queryRef={queryRef} />;
}

function PhysicalEvents({ queryRef }: { queryRef: QueryRef<PhysicalEventsRouteQuery> }) {
  const { t } = useI18n();
  useDocumentTitle(t('nav.physical'));
  const { data } = useReadQuery(queryRef);
  const events = data.events.edges.map((edge) => edge.node);
  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('events.physical.title')}</h1>
          <p className="mt-1 text-sm text-ink-300">
            {t('events.found', { count: data.events.totalCount })} · {t('events.distanceFrom')}
          </p>
        </div>
      </div>
      <EventList
        events={events}
        empty={
          <EmptyState
            emoji="🗺️"
            title={t('events.empty.title')}
            text={t('events.empty.physical')}
            action={
              <Link to="/dashboard/physical?create=1" className={buttonClasses('primary', 'md')}>
                {t('header.createEvent')}
              </Link>
            }
          />
        }
      />
      <CreateFab to="/dashboard/physical?create=1" label={t('header.createEvent')} />
    </section>
  );
}
