import { gql, type TypedDocumentNode } from '@apollo/client';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { EditEventRouteQuery, EditEventRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { EventStatusBadge } from '#client/features/events/EventStatusBadge.tsx';
import { EventNotFound } from '#client/features/events/EventNotFound.tsx';

export const EDIT_EVENT_ROUTE_QUERY: TypedDocumentNode<EditEventRouteQuery, EditEventRouteQueryVariables> =
  gql`
    query EditEventRouteQuery($id: ID!) {
      event(id: $id) {
        id
        mode
        title
        description
        category
        tags
        date
        time
        durationMinutes
        maxParticipants
        status
        viewerRole
        publicLocation
        platform
      }
    }
  `;

export function loader({ params }: LoaderFunctionArgs) {
  return { queryRef: getPreloader()(EDIT_EVENT_ROUTE_QUERY, { variables: { id: params.id ?? '' } }) };
}

export function EditEventRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <EditEvent queryRef={queryRef} />;
}

// There is no update mutation in the API yet: the page shows the event's current values, read-only.
function EditEvent({ queryRef }: { queryRef: QueryRef<EditEventRouteQuery> }) {
  const { t } = useI18n();
  useDocumentTitle(t('editEvent.title'));
  const { event } = useReadQuery(queryRef).data;
  if (!event) return <EventNotFound />;
  const editable = event.viewerRole === 'HOST' && event.status === 'UPCOMING';
  const rows = [
    [t('eventDetails.date'), `${event.date} ${event.time}`],
    [t('eventDetails.duration'), t('eventDetails.durationMinutes', { count: event.durationMinutes })],
    event.mode === 'ONLINE'
      ? [t('eventDetails.platform'), event.platform ?? '—']
      : [t('eventDetails.location'), event.publicLocation ?? '—'],
    [t('eventDetails.tags'), event.tags.join(', ') || '—'],
  ];
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('editEvent.title')}</h1>
        <Link to={`/dashboard/eventDetails/${event.id}`} className={buttonClasses('ghost', 'sm')}>
          ← {t('eventDetails.goBack')}
        </Link>
      </div>
      <p
        className="rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
        role="note"
      >
        {editable ? t('editEvent.unavailable') : t('editEvent.notEditable')}
      </p>
      <Card className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          <EventStatusBadge status={event.status} />
          <span className="text-sm text-ink-300">{event.category}</span>
        </div>
        <h2 className="text-xl font-bold text-white">{event.title}</h2>
        <p className="whitespace-pre-line text-ink-200">{event.description}</p>
        <dl className="divide-y divide-ink-700">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2 text-sm">
              <dt className="text-ink-300">{label}</dt>
              <dd className="text-right text-white">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </section>
  );
}
