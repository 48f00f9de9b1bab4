import { gql } from '@apollo/client';
import { Link } from 'react-router-dom';
import type { MyEventCard_EventFragment } from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { EventStatusBadge } from '#client/features/events/EventStatusBadge.tsx';
import { ratingText } from '#client/features/events/format.ts';
import { manageableRequests, requestBadge } from '#client/features/events/join/requestState.ts';

export const MY_EVENT_CARD_FRAGMENT = gql`
  fragment MyEventCard_event on Event {
    id
    mode
    title
    description
    startsAt
    endsAt
    status
    viewerRole
    platform
    publicLocation
    participantCount
    maxParticipants
    pendingRequestCount
    averageRating
    feedbackCount
    viewerJoinRequest {
      id
      status
      declinedByCheck
    }
  }
`;

// A My Events card: when, status, what, where, how many; the viewer's request for events they asked to
// join; rating and feedback once completed; for upcoming events they host with requests waiting,
// 'N requests' and 'Manage (N)'.
export function MyEventCard({
  event,
  onManage,
}: {
  event: MyEventCard_EventFragment;
  onManage: (eventId: string) => void;
}) {
  const { t, fmt } = useI18n();
  const requests = manageableRequests(event);
  const request = requestBadge(event.viewerRole, event.viewerJoinRequest);
  return (
    <Card className="flex h-full flex-col gap-3" data-testid="my-event-card" data-event-id={event.id}>
      <div className="flex flex-wrap items-center gap-2">
        <EventStatusBadge status={event.status} />
        {event.viewerRole === 'HOST' ? <Badge tone="accent">{t('myEvents.role.HOST')}</Badge> : null}
        {request ? (
          <Badge tone={request.tone} data-testid="my-event-request">
            {t(request.label)}
          </Badge>
        ) : null}
        {requests > 0 ? (
          <Badge tone="warning" className="ml-auto" data-testid="my-event-requests">
            🔔{' '}
            {requests === 1
              ? t('myEvents.requestsBadgeOne')
              : t('myEvents.requestsBadge', { count: fmt.number(requests) })}
          </Badge>
        ) : null}
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
          {event.mode === 'ONLINE' ? `🎮 ${event.platform ?? '—'}` : `📌 ${event.publicLocation ?? '—'}`}
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
        {requests > 0 ? (
          <Button size="sm" onClick={() => onManage(event.id)}>
            {t('myEvents.manage', { count: fmt.number(requests) })}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
