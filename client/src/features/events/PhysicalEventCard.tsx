import type { ReactNode } from 'react';
import { gql } from '#client/apollo/gql.ts';
import { Link } from 'react-router-dom';
import type { PhysicalEventCard_EventFragment } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { EventStatusBadge } from '#client/components/ui/EventStatusBadge.tsx';
import { FeaturedBadge } from '#client/components/ui/FeaturedBadge.tsx';
import { HomeVenueBadge } from '#client/components/ui/HomeVenueBadge.tsx';
import { SkillBadge } from '#client/components/ui/SkillBadge.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { priceText, ratingText } from '#client/lib/format.ts';
import { FRIENDS_GOING_FRAGMENT, FriendsGoing } from '#client/features/events/FriendsGoing.tsx';

export const PHYSICAL_EVENT_CARD_FRAGMENT = gql`
  fragment PhysicalEventCard_event on Event {
    id
    title
    description
    category {
      id
      label
      icon
    }
    tags {
      id
      label
    }
    timeLeft
    status
    featured
    venueType
    distanceKm
    participantCount
    maxParticipants
    freeSlots
    price
    skillLevel
    publicLocation
    host {
      id
      displayName
      avatarUrl
      stats {
        averageRating
      }
    }
    ...FriendsGoing_event
  }
  ${FRIENDS_GOING_FRAGMENT}
`;

// A card of 'Yakındaki Etkinlikler': the whole card opens the details; the route puts the join button
// ('Katıl') in the `action` slot.
export function PhysicalEventCard({
  event,
  action,
  highlighted,
}: {
  event: PhysicalEventCard_EventFragment;
  action?: ReactNode;
  highlighted?: boolean;
}) {
  const { t, fmt } = useI18n();
  const rating = event.host.stats.averageRating;
  return (
    <article
      className={cn(
        'group relative flex flex-col gap-3 rounded-2xl border bg-ink-850/80 p-4 transition hover:border-accent-500/60 hover:shadow-xl hover:shadow-fuchsia-950/30',
        highlighted ? 'border-accent-400' : 'border-ink-700',
      )}
      data-testid="event-card"
      data-event-id={event.id}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wide text-accent-400 uppercase">
            {event.category.label}
            {event.status === 'UPCOMING' ? null : <EventStatusBadge status={event.status} />}
            {event.featured ? <FeaturedBadge /> : null}
            {event.venueType === 'PRIVATE_HOME' ? <HomeVenueBadge /> : null}
          </p>
          <h2 className="mt-0.5 text-base leading-snug font-bold text-white group-hover:text-pop-400">
            <Link
              to={`/dashboard/eventDetails/${event.id}`}
              className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-pop-400 focus-visible:after:outline-solid"
            >
              {event.title}
            </Link>
          </h2>
        </div>
        <Badge tone={event.price === 0 ? 'success' : 'warning'} className="shrink-0">
          {priceText(event.price, fmt, t('events.free'))}
        </Badge>
      </div>
      <div className="flex items-center gap-2 text-sm text-ink-300">
        <Avatar name={event.host.displayName} url={event.host.avatarUrl} className="size-6 text-[10px]" />
        <span className="truncate">{event.host.displayName}</span>
        {rating != null ? <span className="text-amber-300">★ {ratingText(rating, fmt)}</span> : null}
      </div>
      <p className="line-clamp-2 text-sm text-ink-200">{event.description}</p>
      <FriendsGoing event={event} />
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-ink-200">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{t('details.timeLeft')}</dt>
          <span aria-hidden="true">⏱️</span>
          <dd>{event.timeLeft}</dd>
        </div>
        {event.distanceKm != null ? (
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t('filters.distance')}</dt>
            <span aria-hidden="true">📍</span>
            <dd>{t('events.distance', { km: fmt.distanceKm(event.distanceKm) })}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{t('details.participantCount')}</dt>
          <span aria-hidden="true">👥</span>
          <dd>
            {event.participantCount}/{event.maxParticipants}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{t('physical.slots', { count: event.freeSlots })}</dt>
          <dd
            className={event.freeSlots > 0 ? 'font-semibold text-emerald-300' : 'font-semibold text-rose-300'}
          >
            {event.freeSlots > 0 ? t('physical.slots', { count: event.freeSlots }) : t('physical.full')}
          </dd>
        </div>
      </dl>
      <div className="flex items-end justify-between gap-3">
        <div className="flex min-w-0 flex-wrap gap-1.5">
          {event.skillLevel ? <SkillBadge level={event.skillLevel} /> : null}
          {event.tags.slice(0, 3).map((tag) => (
            <Badge key={tag.id} tone="accent">
              #{tag.label}
            </Badge>
          ))}
        </div>
        {action}
      </div>
    </article>
  );
}
