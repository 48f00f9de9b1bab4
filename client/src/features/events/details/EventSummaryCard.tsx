import type { ReactNode } from 'react';
import { gql } from '#client/apollo/gql.ts';
import type { EventSummaryCard_EventFragment } from '#client/__generated__/graphql.ts';
import { EVENT_PLACE_FRAGMENT } from '#client/apollo/eventFragments.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { priceText, ratingText } from '#client/lib/format.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { EventStatusBadge } from '#client/components/ui/EventStatusBadge.tsx';
import { FeaturedBadge } from '#client/components/ui/FeaturedBadge.tsx';
import { FRIENDS_GOING_FRAGMENT, FriendsGoing } from '#client/features/events/FriendsGoing.tsx';

export const EVENT_SUMMARY_CARD_FRAGMENT = gql`
  fragment EventSummaryCard_event on Event {
    id
    mode
    title
    description
    category {
      id
      label
    }
    status
    featured
    startsAt
    endsAt
    participantCount
    maxParticipants
    timeLeft
    price
    platform {
      id
      label
    }
    publicLocation
    ...EventPlace_event
    ...FriendsGoing_event
    host {
      id
      displayName
      username
      avatarUrl
      stats {
        averageRating
      }
    }
  }
  ${EVENT_PLACE_FRAGMENT}
  ${FRIENDS_GOING_FRAGMENT}
`;

// The event page's main card: category and status, title, description, the facts (when, where, how
// many, time left, price), the host. `children` (the viewer's join status) sits above the host.
export function EventSummaryCard({
  event,
  children,
}: {
  event: EventSummaryCard_EventFragment;
  children?: ReactNode;
}) {
  const { t, fmt } = useI18n();
  const place =
    event.mode === 'ONLINE'
      ? { label: t('eventDetails.platform'), value: event.platform?.label ?? '—' }
      : {
          label: t('eventDetails.location'),
          value:
            event.location?.exact && (event.location.name || event.location.address)
              ? [event.location.name, event.location.address].filter(Boolean).join(' · ')
              : (event.publicLocation ?? '—'),
        };
  const facts: { label: string; value: ReactNode; testId?: string }[] = [
    { label: t('eventDetails.date'), value: fmt.date(event.startsAt) },
    { label: t('eventDetails.time'), value: `${fmt.time(event.startsAt)} – ${fmt.time(event.endsAt)}` },
    { label: place.label, value: place.value, testId: 'event-place' },
    {
      label: t('details.participantCount'),
      value: `${event.participantCount}/${event.maxParticipants}`,
      testId: 'event-participants',
    },
    // Once it has begun, is over or was cancelled, the state in the badge's own words (issue 27).
    event.status === 'UPCOMING'
      ? { label: t('details.timeLeft'), value: event.timeLeft }
      : { label: t('details.state'), value: t(`status.${event.status}`), testId: 'event-state' },
    { label: t('eventDetails.price'), value: priceText(event.price, fmt, t('events.free')) },
  ];

  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="accent">
          {event.mode === 'ONLINE' ? '🎮' : '📍'} {event.category.label}
        </Badge>
        <EventStatusBadge status={event.status} />
        {event.featured ? <FeaturedBadge /> : null}
      </div>
      {event.status === 'COMPLETED' || event.status === 'CANCELLED' ? (
        <p
          role="status"
          data-testid="event-closed"
          className={
            event.status === 'CANCELLED'
              ? 'rounded-xl border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm font-semibold text-rose-100'
              : 'rounded-xl border border-sky-400/40 bg-sky-500/10 px-4 py-3 text-sm font-semibold text-sky-100'
          }
        >
          {event.status === 'CANCELLED'
            ? `🚫 ${t('details.cancelledBanner')}`
            : `🏁 ${t('details.completedBanner')}`}
        </p>
      ) : null}
      <h1 className="text-2xl font-extrabold break-words text-white sm:text-3xl">{event.title}</h1>
      <p className="whitespace-pre-line text-ink-200">{event.description}</p>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {facts.map((fact) => (
          <div key={fact.label} className="min-w-0 rounded-xl bg-ink-800 p-3">
            <dt className="text-xs text-ink-300">{fact.label}</dt>
            <dd className="font-semibold break-words text-white" data-testid={fact.testId}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
      {event.mode === 'PHYSICAL' && !event.location?.exact ? (
        <p className="text-sm text-ink-300">🔒 {t('eventDetails.approxLocation')}</p>
      ) : null}
      <FriendsGoing
        event={event}
        className="rounded-xl bg-emerald-500/10 px-3 py-2 ring-1 ring-emerald-400/20"
      />
      {children}
      <div className="flex items-center gap-3 border-t border-ink-700 pt-4">
        <Avatar name={event.host.displayName} url={event.host.avatarUrl} />
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-white">
            {t('details.host')}: {event.host.displayName}
          </p>
          <p className="text-ink-300">
            {event.host.username ? `@${event.host.username} · ` : ''}★{' '}
            {ratingText(event.host.stats.averageRating, fmt)}
          </p>
        </div>
      </div>
    </Card>
  );
}
