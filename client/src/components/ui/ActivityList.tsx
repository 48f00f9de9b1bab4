import { Link } from 'react-router-dom';
import type { EventStatus } from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { EventStatusBadge } from '#client/components/ui/EventStatusBadge.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export type ActivityItem = {
  type: 'HOSTED' | 'JOINED';
  event: {
    id: string;
    title: string;
    participantCount: number;
    maxParticipants: number;
    startsAt: unknown;
    status: EventStatus;
  };
};

// Hosted and joined events, newest first, each with a link to its details (a user's activity, on the
// profile and in another user's profile dialog).
export function ActivityList({
  items,
  empty,
  onNavigate,
}: {
  items: ActivityItem[];
  empty: string;
  // Called when a link is followed (a dialog closes).
  onNavigate?: () => void;
}) {
  const { t, fmt } = useI18n();
  if (items.length === 0) return <p className="text-sm text-ink-300">{empty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-ink-700">
      {items.map(({ type, event }) => (
        <li key={`${type}-${event.id}`} className="flex items-center gap-3 py-3">
          <span aria-hidden="true" className="text-xl">
            {type === 'HOSTED' ? '🎤' : '🎟️'}
          </span>
          <div className="min-w-0 flex-1">
            <Link
              to={`/dashboard/eventDetails/${event.id}`}
              onClick={onNavigate}
              className="block truncate font-semibold text-white hover:text-accent-300 focus-visible:underline"
            >
              {event.title}
            </Link>
            <p className="text-xs text-ink-300">
              {fmt.dateTime(String(event.startsAt))} ·{' '}
              {t('profile.activity.participants', {
                count: event.participantCount,
                max: event.maxParticipants,
              })}
            </p>
          </div>
          {event.status === 'UPCOMING' ? null : <EventStatusBadge status={event.status} />}
          <Badge tone={type === 'HOSTED' ? 'accent' : 'info'}>
            {t(type === 'HOSTED' ? 'profile.activity.hosted' : 'profile.activity.joined')}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
