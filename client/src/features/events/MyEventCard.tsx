import type { ReactNode } from 'react';
import { gql } from '#client/apollo/gql.ts';
import { Link } from 'react-router-dom';
import type { MyEventCard_EventFragment } from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { EventStatusBadge } from '#client/components/ui/EventStatusBadge.tsx';
import { ratingText } from '#client/lib/format.ts';

export const MY_EVENT_CARD_FRAGMENT = gql`
  fragment MyEventCard_event on Event {
    seriesIndex
    series {
      id
      frequency
      occurrenceCount
    }
    id
    mode
    title
    description
    startsAt
    endsAt
    status
    viewerRole
    platform {
      id
      label
    }
    publicLocation
    participantCount
    maxParticipants
    averageRating
    feedbackCount
  }
`;

// A My Events card: when, status, what, where, how many; rating and feedback once completed. The route
// fills `badges` (the viewer's request, 'N requests') and `actions` ('Manage (N)') from join-requests.
export function MyEventCard({
  event,
  badges,
  actions,
}: {
  event: MyEventCard_EventFragment;
  badges?: ReactNode;
  actions?: ReactNode;
}) {
  const { t, fmt } = useI18n();
  return (
    <Card className="flex h-full flex-col gap-3" data-testid="my-event-card" data-event-id={event.id}>
      <div className="flex flex-wrap items-center gap-2">
        <EventStatusBadge status={event.status} />
        {event.viewerRole === 'HOST' ? <Badge tone="accent">{t('myEvents.role.HOST')}</Badge> : null}
        {event.series ? (
          <Badge tone="info" data-testid="series-badge">
            🔁{' '}
            {t('series.badge', {
              frequency: t(event.series.frequency === 'WEEKLY' ? 'series.weekly' : 'series.biweekly'),
              index: event.seriesIndex ?? 1,
              count: event.series.occurrenceCount,
            })}
          </Badge>
        ) : null}
        {badges}
      </div>
      <h2 className="text-lg font-bold break-words text-white">{event.title}</h2>
      <p className="flex flex-wrap gap-x-3 text-sm text-ink-300">
        <span>🗓️ {fmt.date(event.startsAt)}</span>
        <span>
          ⏰ {fmt.time(event.startsAt)} – {fmt.time(event.endsAt)}
        </span>
      </p>
      <p className="line-clamp-2 text-sm text-ink-200">{event.description}</p>
      <p className="flex flex-wrap gap-x-3 text-sm text-ink-300">
        <span className="min-w-0 break-words">
          {event.mode === 'ONLINE'
            ? `🎮 ${event.platform?.label ?? '—'}`
            : `📌 ${event.publicLocation ?? '—'}`}
        </span>
        <span>
          👥 {t('events.participants', { current: event.participantCount, max: event.maxParticipants })}
        </span>
      </p>
      {event.status === 'COMPLETED' ? (
        <dl className="grid grid-cols-2 gap-2 text-center" data-testid="my-event-results">
          <div className="rounded-xl bg-ink-800 p-2">
            <dd className="font-bold text-amber-300">
              ★ {event.averageRating == null ? t('details.na') : ratingText(event.averageRating, fmt)}
            </dd>
            <dt className="text-xs text-ink-300">{t('myEvents.rating')}</dt>
          </div>
          <div className="rounded-xl bg-ink-800 p-2">
            <dd className="font-bold text-white">{fmt.number(event.feedbackCount)}</dd>
            <dt className="text-xs text-ink-300">{t('myEvents.feedback')}</dt>
          </div>
        </dl>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Link to={`/dashboard/eventDetails/${event.id}`} className={buttonClasses('outline', 'sm')}>
          {t('myEvents.viewDetails')}
        </Link>
        {actions}
      </div>
    </Card>
  );
}
