import type { EventRow, UserRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { seesExactPlace, type ViewerRole } from '#server/auth/access.ts';
import { createCalendarRepository } from './calendar.repository.ts';
import { calendarLinks, renderCalendar } from './calendar.ics.ts';

const DAY = 86_400_000;
// The feed: what ended in the last 60 days and everything ahead, at most 500 entries.
const FEED_PAST_MS = 60 * DAY;
const FEED_LIMIT = 500;
// Feed secrets are 64 hex characters (two random UUIDs' worth); anything else is not looked up.
const TOKEN = /^[0-9a-f]{64}$/;

// Calendars (ADR 047): one event's .ics and links, and the personal feed behind a secret URL.
export function createCalendarService(deps: Deps) {
  const repo = createCalendarRepository(deps.db);
  const { publicUrl } = deps.config;

  return {
    feedUrl: (user: Pick<UserRow, 'calendarToken'>) => `${publicUrl}/calendar/${user.calendarToken}.ics`,

    // Revokes the old URL; returns the new one.
    async resetFeed(viewer: Viewer): Promise<string> {
      const token = await repo.rotate(viewer.id);
      deps.logger.info({ userId: viewer.id }, 'calendar feed URL renewed');
      return `${publicUrl}/calendar/${token}.ics`;
    },

    // The feed of the token's owner, or null (a guessed or revoked token: 404). Everything in it is
    // hosted or joined, so the exact place is theirs to see.
    async feed(token: string): Promise<string | null> {
      if (!TOKEN.test(token)) return null;
      const owner = await repo.userByToken(token);
      if (!owner) return null;
      const since = new Date(deps.clock.now().getTime() - FEED_PAST_MS);
      const rows = await repo.feedEvents(owner.id, since, FEED_LIMIT);
      return renderCalendar(
        rows.map((r) => ({ event: r.event, exact: true })),
        { name: 'Squad', publicUrl },
      );
    },

    // One event as the viewer may see it (role decides the place).
    eventIcs: (event: EventRow, role: ViewerRole) =>
      renderCalendar([{ event, exact: seesExactPlace(role) }], { name: event.title, publicUrl }),
    links: (event: EventRow, role: ViewerRole) =>
      calendarLinks({ event, exact: seesExactPlace(role) }, publicUrl),
  };
}

// CalendarLinks resolves from the event and the viewer's role (which place they may see).
export type CalendarLinksModel = { event: EventRow; role: ViewerRole };
