import { gql } from '@apollo/client';
import { Link } from 'react-router-dom';
import { Badge } from '#client/components/ui/Badge.tsx';
import type { EventCard_EventFragment } from '#client/__generated__/graphql.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { StartsIn } from '#client/features/events/StartsIn.tsx';

export const EVENT_CARD_FRAGMENT = gql`
  fragment EventCard_event on Event {
    id
    mode
    title
    description
    category
    tags
    startsAt
    startsInMinutes
    participantCount
    maxParticipants
    freeSlots
    price
    distanceKm
    publicLocation
    platform
    status
    isDemo
    host {
      id
      displayName
      stats {
        averageRating
      }
    }
  }
`;

export function EventCard({ event }: { event: EventCard_EventFragment }) {
  const { t, fmt } = useI18n();
  const rating = event.host.stats.averageRating;
  return (
    <Link
      to={`/dashboard/eventDetails/${event.id}`}
      className="group flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850/80 p-4 transition hover:-translate-y-0.5 hover:border-accent-500/60 hover:shadow-xl hover:shadow-fuchsia-950/30"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-accent-400 uppercase">{event.category}</p>
          <h3 className="mt-0.5 truncate text-lg font-bold text-white group-hover:text-pop-400">
            {event.title}
          </h3>
          <p className="text-sm text-ink-300">
            {t('events.host', { name: event.host.displayName })}
            {rating != null ? (
              <span className="ml-1.5 text-amber-300">
                ★ {fmt.number(rating, { maximumFractionDigits: 1 })}
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge tone={event.price === 0 ? 'success' : 'warning'}>
            {event.price === 0 ? t('events.free') : fmt.currency(event.price, 'TRY')}
          </Badge>
          {event.isDemo ? <Badge tone="neutral">Demo</Badge> : null}
        </div>
      </div>
      <p className="line-clamp-2 text-sm text-ink-200">{event.description}</p>
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-ink-200">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{t('eventDetails.date')}</dt>
          <span aria-hidden="true">🗓️</span>
          <dd>
            {fmt.dateShort(event.startsAt)} · {fmt.time(event.startsAt)}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">⏱</dt>
          <span aria-hidden="true">⏱️</span>
          <dd>
            <StartsIn minutes={event.startsInMinutes} />
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{t('eventDetails.participants', { count: event.participantCount })}</dt>
          <span aria-hidden="true">👥</span>
          <dd>{t('events.participants', { current: event.participantCount, max: event.maxParticipants })}</dd>
        </div>
        {event.distanceKm != null ? (
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">km</dt>
            <span aria-hidden="true">📍</span>
            <dd>{t('events.distance', { km: fmt.distanceKm(event.distanceKm) })}</dd>
          </div>
        ) : null}
        {event.mode === 'ONLINE' && event.platform ? (
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t('eventDetails.platform')}</dt>
            <span aria-hidden="true">🎮</span>
            <dd>{event.platform}</dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-1.5">
          {event.tags.slice(0, 3).map((tag) => (
            <Badge key={tag} tone="accent">
              #{tag}
            </Badge>
          ))}
        </div>
        <span
          className={
            event.freeSlots > 0
              ? 'text-xs font-semibold text-emerald-300'
              : 'text-xs font-semibold text-rose-300'
          }
        >
          {event.freeSlots > 0 ? t('events.slotsLeft', { count: event.freeSlots }) : t('events.full')}
        </span>
      </div>
      {event.mode === 'PHYSICAL' && event.publicLocation ? (
        <p className="truncate text-xs text-ink-300">📌 {event.publicLocation}</p>
      ) : null}
    </Link>
  );
}
