import type { ReactNode } from 'react';
import type { EventCard_EventFragment } from '#client/__generated__/graphql.ts';
import { EventCard } from '#client/features/events/EventCard.tsx';

export function EventList({ events, empty }: { events: EventCard_EventFragment[]; empty: ReactNode }) {
  if (events.length === 0) return <>{empty}</>;
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
