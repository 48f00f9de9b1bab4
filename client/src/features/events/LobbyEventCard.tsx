import type { ReactNode } from 'react';
import { gql } from '#client/apollo/gql.ts';
import { Link } from 'react-router-dom';
import type { LobbyEventCard_EventFragment } from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { EventStatusBadge } from '#client/components/ui/EventStatusBadge.tsx';
import { FeaturedBadge } from '#client/components/ui/FeaturedBadge.tsx';
import { HostRankBadge } from '#client/components/ui/HostRankBadge.tsx';
import { SkillBadge } from '#client/components/ui/SkillBadge.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { ratingText } from '#client/lib/format.ts';
import { FRIENDS_GOING_FRAGMENT, FriendsGoing } from '#client/features/events/FriendsGoing.tsx';

export const LOBBY_EVENT_CARD_FRAGMENT = gql`
  fragment LobbyEventCard_event on Event {
    id
    title
    description
    platform {
      id
      label
    }
    startsAt
    timeLeft
    status
    featured
    participantCount
    maxParticipants
    freeSlots
    voiceChat
    requirements
    skillLevel
    tags {
      id
      label
    }
    host {
      id
      displayName
      stats {
        averageRating
        hostRank
      }
    }
    ...FriendsGoing_event
  }
  ${FRIENDS_GOING_FRAGMENT}
`;

// A card of the online lobby (spec: title, platform, host and rating, slots, time, current/max,
// MIC when voice is required, description, requirements, skill badge, first 2 tags); the route puts
// JOIN_GAME in the `action` slot.
export function LobbyEventCard({
  event,
  action,
}: {
  event: LobbyEventCard_EventFragment;
  action?: ReactNode;
}) {
  const { t, fmt } = useI18n();
  const rating = event.host.stats.averageRating;
  return (
    <article
      className="group relative flex h-full flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850/80 p-4 transition hover:-translate-y-0.5 hover:border-pop-500/60 hover:shadow-xl hover:shadow-fuchsia-950/30"
      data-testid="lobby-card"
      data-event-id={event.id}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-1.5">
          <Badge tone="info" className="shrink-0">
            🎮 {event.platform?.label ?? '—'}
          </Badge>
          {event.featured ? <FeaturedBadge /> : null}
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          {event.status === 'UPCOMING' ? null : <EventStatusBadge status={event.status} />}
          {event.voiceChat === 'REQUIRED' ? (
            <Badge tone="warning" title={t('quick.MIC_REQUIRED')}>
              🎙️ {t('lobby.mic')}
            </Badge>
          ) : null}
          {event.skillLevel ? <SkillBadge level={event.skillLevel} data-testid="skill-badge" /> : null}
        </div>
      </div>
      <h2 className="text-lg leading-snug font-bold text-white group-hover:text-pop-400">
        <Link
          to={`/dashboard/eventDetails/${event.id}`}
          className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-pop-400 focus-visible:after:outline-solid"
        >
          {event.title}
        </Link>
      </h2>
      <p className="flex items-center gap-1.5 text-sm text-ink-300">
        <span className="truncate">
          {t('lobby.host')}: <span className="text-ink-100">{event.host.displayName}</span>
        </span>
        <HostRankBadge rank={event.host.stats.hostRank} />
        {rating != null ? <span className="shrink-0 text-amber-300">★ {ratingText(rating, fmt)}</span> : null}
      </p>
      <p className="line-clamp-2 text-sm text-ink-200">{event.description}</p>
      <FriendsGoing event={event} />
      {event.requirements ? (
        <p className="line-clamp-2 text-xs text-ink-300">
          <span className="font-semibold text-ink-200">{t('lobby.requirements')}:</span> {event.requirements}
        </p>
      ) : null}
      <dl className="mt-auto grid grid-cols-3 gap-2 text-center text-xs">
        <div className="rounded-lg bg-ink-800 px-2 py-1.5">
          <dt className="text-ink-300">⏱️</dt>
          <dd className="font-semibold text-white">{event.timeLeft}</dd>
        </div>
        <div className="rounded-lg bg-ink-800 px-2 py-1.5">
          <dt className="text-ink-300">👥</dt>
          <dd className="font-semibold text-white">
            {event.participantCount}/{event.maxParticipants}
          </dd>
        </div>
        <div className="rounded-lg bg-ink-800 px-2 py-1.5">
          <dt className="text-ink-300">🎟️</dt>
          <dd className={cn('font-semibold', event.freeSlots > 0 ? 'text-emerald-300' : 'text-rose-300')}>
            {event.freeSlots > 0 ? t('lobby.slots', { count: event.freeSlots }) : t('physical.full')}
          </dd>
        </div>
      </dl>
      <div className="flex items-end justify-between gap-2">
        <div className="flex min-w-0 flex-wrap gap-1.5">
          {event.tags.slice(0, 2).map((tag) => (
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
