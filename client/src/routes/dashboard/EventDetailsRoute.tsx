import { gql, type TypedDocumentNode } from '@apollo/client';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type {
  EventDetailsRouteQuery,
  EventDetailsRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { EventNotFound } from '#client/features/events/EventNotFound.tsx';
import { EventStatusBadge } from '#client/features/events/EventStatusBadge.tsx';

export const EVENT_DETAILS_ROUTE_QUERY: TypedDocumentNode<
  EventDetailsRouteQuery,
  EventDetailsRouteQueryVariables
> = gql`
  query EventDetailsRouteQuery($id: ID!) {
    event(id: $id) {
      id
      mode
      title
      description
      category
      tags
      startsAt
      durationMinutes
      status
      viewerRole
      maxParticipants
      participantCount
      publicLocation
      platform
      price
      requirements
      skillLevel
      voiceChat
      location {
        name
        address
        exact
      }
      host {
        id
        displayName
        avatarUrl
      }
      participants {
        joinedAt
        user {
          id
          displayName
          username
          avatarUrl
          stats {
            averageRating
          }
        }
      }
    }
  }
`;

export function loader({ params }: LoaderFunctionArgs) {
  return { queryRef: getPreloader()(EVENT_DETAILS_ROUTE_QUERY, { variables: { id: params.id ?? '' } }) };
}

export function EventDetailsRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <EventDetails queryRef={queryRef} />;
}

function EventDetails({ queryRef }: { queryRef: QueryRef<EventDetailsRouteQuery> }) {
  const { t, fmt } = useI18n();
  const { event } = useReadQuery(queryRef).data;
  useDocumentTitle(event?.title ?? t('eventDetails.notFound'));
  if (!event) return <EventNotFound />;

  const backTo = event.mode === 'ONLINE' ? '/dashboard/online' : '/dashboard/physical';
  const facts = [
    { label: t('eventDetails.date'), value: fmt.date(event.startsAt) },
    { label: t('eventDetails.time'), value: fmt.time(event.startsAt) },
    {
      label: t('eventDetails.duration'),
      value: t('eventDetails.durationMinutes', { count: event.durationMinutes }),
    },
    event.mode === 'ONLINE'
      ? { label: t('eventDetails.platform'), value: event.platform ?? '—' }
      : { label: t('eventDetails.location'), value: event.publicLocation ?? '—' },
    {
      label: t('eventDetails.participants', { count: event.participantCount }).replace(/\s*\(.*\)$/, ''),
      value: `${event.participantCount}/${event.maxParticipants}`,
    },
    {
      label: t('eventDetails.price'),
      value: event.price === 0 ? t('events.free') : fmt.currency(event.price, 'TRY'),
    },
  ];

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={backTo} className={buttonClasses('ghost', 'sm')}>
          ← {t('eventDetails.back')}
        </Link>
        {event.status === 'UPCOMING' && event.viewerRole === 'HOST' ? (
          <Link to={`/dashboard/editEvent/${event.id}`} className={buttonClasses('outline', 'sm')}>
            ✏️ {t('eventDetails.edit')}
          </Link>
        ) : null}
      </div>
      <Card className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="accent">{event.category}</Badge>
          <EventStatusBadge status={event.status} />
        </div>
        <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{event.title}</h1>
        <p className="whitespace-pre-line text-ink-200">{event.description}</p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-xl bg-ink-800 p-3">
              <dt className="text-xs text-ink-300">{fact.label}</dt>
              <dd className="font-semibold text-white">{fact.value}</dd>
            </div>
          ))}
        </dl>
        {event.mode === 'PHYSICAL' ? (
          event.location?.exact ? (
            <p className="text-sm text-emerald-200">
              📍 {t('eventDetails.exactLocation')}:{' '}
              {[event.location.name, event.location.address].filter(Boolean).join(', ')}
            </p>
          ) : (
            <p className="text-sm text-ink-300">🔒 {t('eventDetails.approxLocation')}</p>
          )
        ) : null}
        {event.tags.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold text-ink-300">{t('eventDetails.tags')}</h2>
            <div className="mt-2 flex flex-wrap gap-1.5">
              {event.tags.map((tag) => (
                <Badge key={tag} tone="accent">
                  #{tag}
                </Badge>
              ))}
            </div>
          </div>
        ) : null}
        {event.requirements ? (
          <div>
            <h2 className="text-sm font-semibold text-ink-300">{t('eventDetails.requirements')}</h2>
            <p className="mt-1 text-ink-200">{event.requirements}</p>
          </div>
        ) : null}
        <div className="flex items-center gap-3 border-t border-ink-700 pt-4">
          <Avatar name={event.host.displayName} url={event.host.avatarUrl} />
          <p className="text-sm text-ink-200">{t('events.host', { name: event.host.displayName })}</p>
        </div>
      </Card>
      <Card>
        <h2 className="text-lg font-bold text-white">
          {t('eventDetails.participants', { count: event.participantCount })}
        </h2>
        {event.participants.length === 0 ? (
          <p className="mt-2 text-ink-300">{t('eventDetails.noParticipants')}</p>
        ) : (
          <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {event.participants.map(({ user }) => (
              <li key={user.id} className="flex items-center gap-3 rounded-xl bg-ink-800 p-3">
                <Avatar name={user.displayName} url={user.avatarUrl} />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-white">{user.displayName}</p>
                  <p className="truncate text-sm text-ink-300">
                    {user.username ? `@${user.username}` : ''}
                    {user.stats.averageRating != null
                      ? ` ★ ${fmt.number(user.stats.averageRating, { maximumFractionDigits: 1 })}`
                      : ''}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
