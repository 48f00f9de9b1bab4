import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus } from 'ical-generator';
import type { EventRow } from '#db/schema/index.ts';
import { toTurkeyDateTime, TURKEY_TZ } from '#server/lib/turkey-time.ts';
import { placeOf } from '#server/modules/events/events.mails.ts';

// iCalendar (RFC 5545) through ical-generator (ADR 047): times in Europe/Istanbul with its VTIMEZONE,
// a stable UID per event, SEQUENCE and LAST-MODIFIED that grow with every change, and STATUS:CANCELLED
// for a cancelled event, so subscribed calendars update and cancel instead of duplicating.
// The zone is the events' own, not the calendar's (ADR 066): ical-generator writes DTSTAMP, CREATED
// and LAST-MODIFIED in the calendar's zone without a Z (floating, which RFC 5545 forbids for them) and
// adds an unregistered TIMEZONE-ID line. A calendar zone without a name keeps the VTIMEZONE generator
// while the stamps stay UTC; X-WR-TIMEZONE is added by hand, and the last line gets its CRLF.
// ical-generator also writes some calendar properties (REFRESH-INTERVAL, X-*) after the VTIMEZONE or
// the events, where RFC 5545's grammar (calprops before components) does not allow them: moved up.
function calendarPropertiesFirst(text: string): string {
  const lines = text.split('\r\n');
  const head: string[] = [];
  const components: string[] = [];
  let depth = 0;
  let target = head;
  for (const line of lines.slice(1, -1)) {
    if (!line.startsWith(' ')) {
      if (line.startsWith('BEGIN:')) depth++;
      target = depth > 0 ? components : head;
      if (line.startsWith('END:')) depth--;
    }
    target.push(line);
  }
  return [lines[0], ...head, ...components, lines.at(-1), ''].join('\r\n');
}

export type CalendarEntry = { event: EventRow; exact: boolean };

// Turkey's wall clock without an offset: ical-generator reads a zoned time from a Date in the
// process's own zone, but from such a string as written, whatever zone the server runs in.
const wallClock = (d: Date) => {
  const t = toTurkeyDateTime(d);
  return `${t.date}T${t.time}:00`;
};

const sequenceOf = (e: EventRow) =>
  Math.max(0, Math.floor((e.updatedAt.getTime() - e.createdAt.getTime()) / 1000));

export function renderCalendar(
  entries: CalendarEntry[],
  o: { name: string; publicUrl: string; refreshMinutes?: number },
): string {
  const calendar = ical({
    name: o.name,
    prodId: { company: 'Squad', product: 'Squad', language: 'TR' },
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: (o.refreshMinutes ?? 60) * 60,
  });
  calendar.x('X-WR-TIMEZONE', TURKEY_TZ);
  const host = new URL(o.publicUrl).host;
  for (const { event, exact } of entries) {
    const url = `${o.publicUrl}/dashboard/eventDetails/${event.id}`;
    calendar.createEvent({
      id: `${event.id}@${host}`,
      start: wallClock(event.startsAt),
      end: wallClock(event.endsAt),
      timezone: TURKEY_TZ,
      summary: event.title,
      description: `${event.description}\n\n${url}`,
      // The exact place only for whoever may see it (ADR 005).
      location: placeOf(event, exact),
      url,
      status: event.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: sequenceOf(event),
      created: event.createdAt,
      lastModified: event.updatedAt,
      stamp: event.updatedAt,
    });
  }
  return calendarPropertiesFirst(calendar.toString());
}

// "Add to calendar" links for one event.
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
export function calendarLinks(entry: CalendarEntry, publicUrl: string) {
  const { event, exact } = entry;
  const details = `${event.description}\n\n${publicUrl}/dashboard/eventDetails/${event.id}`;
  const location = placeOf(event, exact);
  const google = new URL('https://calendar.google.com/calendar/render');
  google.search = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(event.startsAt)}/${utcStamp(event.endsAt)}`,
    details,
    location,
    ctz: TURKEY_TZ,
  }).toString();
  const outlook = new URL('https://outlook.live.com/calendar/0/action/compose');
  outlook.search = new URLSearchParams({
    rru: 'addevent',
    subject: event.title,
    startdt: event.startsAt.toISOString(),
    enddt: event.endsAt.toISOString(),
    body: details,
    location,
  }).toString();
  return { google: google.toString(), outlook: outlook.toString() };
}
