import type { Request } from 'express';
import type { Services } from '#server/modules/services.ts';
import { durationLabel } from '#server/modules/events/events.catalog.ts';
import { localDateTime } from '#server/modules/events/events.mappers.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The event page in the app and its public page (/e/<id>, ADR 049) get the same preview.
const DETAILS = /^\/(?:dashboard\/eventDetails|e)\/([0-9a-f-]{36})\/?$/i;
// Any public event page, also one whose id is not even an id.
const PUBLIC_PAGE = /^\/e\/[^/]+\/?$/;

// The page to send: its HTML and status (a public page of no event is a 404, issue 27).
export type EventPage = { html: string; status: number };

function formatDate(date: string, time: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  const day = new Intl.DateTimeFormat('tr-TR', {
    day: 'numeric',
    month: 'long',
    weekday: 'long',
    timeZone: 'UTC',
  }).format(d);
  return `${day}, ${time}`;
}

// Link previews (WhatsApp, Twitter, Discord…) of an event page: Open Graph tags built from the fields
// everyone may see (title, description, time, public place or platform), never the exact address.
export function linkPreviews(services: Services, publicUrl: string) {
  return async (req: Request, html: string): Promise<EventPage | null> => {
    const publicPage = PUBLIC_PAGE.test(req.path);
    const match = DETAILS.exec(req.path);
    // The app shows its not-found page there; crawlers and link checkers get the status too.
    const missing = publicPage ? { html, status: 404 } : null;
    if (!match) return missing;
    const [event] = await services.events.byIds([match[1]]);
    if (!event || (event.hostHiddenUntil && event.hostHiddenUntil > new Date())) return missing;
    if (event.cancelledAt) return null;
    const { date, time } = localDateTime(event);
    const where = event.mode === 'physical' ? event.publicLocation : event.platform;
    const summary = [formatDate(date, time), durationLabel(event.durationMinutes), where]
      .filter(Boolean)
      .join(' · ');
    const description = `${summary}. ${event.description}`.slice(0, 280);
    const url = `${publicUrl}/e/${event.id}`;
    const image = `${publicUrl}/e/${event.id}/og.png`;
    const tags = [
      `<title>${escape(event.title)} · Squad</title>`,
      `<meta name="description" content="${escape(description)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:site_name" content="Squad">`,
      `<meta property="og:locale" content="tr_TR">`,
      `<meta property="og:title" content="${escape(event.title)}">`,
      `<meta property="og:description" content="${escape(description)}">`,
      `<meta property="og:url" content="${escape(url)}">`,
      `<meta property="og:image" content="${escape(image)}">`,
      `<meta property="og:image:type" content="image/png">`,
      `<meta property="og:image:width" content="1200">`,
      `<meta property="og:image:height" content="630">`,
      `<meta property="og:image:alt" content="${escape(`${event.title} · ${summary}`)}">`,
      `<meta name="twitter:card" content="summary_large_image">`,
      `<meta name="twitter:image" content="${escape(image)}">`,
      `<meta name="twitter:title" content="${escape(event.title)}">`,
      `<meta name="twitter:description" content="${escape(description)}">`,
    ].join('\n    ');
    // The event's title and description replace the app's own (one of each on the page).
    const page = html
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', `    ${tags}\n  </head>`);
    return { html: page, status: 200 };
  };
}
