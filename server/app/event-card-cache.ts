import crypto from 'node:crypto';
import type { EventRow } from '#db/schema/index.ts';
import { eventCardSvg, svgToPng } from './event-card.ts';

// The link-preview image of an event (/e/<id>/og.png, ADR 049) costs about 37 ms of CPU to render and
// is asked for by every crawler and chat app that unfurls a link. The card is a function of its SVG
// (the public fields only), so the SVG's hash is the card's version: its ETag is known without
// rendering (a 304 costs nothing), and the rendered PNG is kept per event in a small in-memory LRU,
// replaced as soon as an edit changes the SVG (ADR 055).

export const EVENT_CARD_CACHE_BYTES = 16 * 1024 * 1024;

export type EventCard = { etag: string; png: () => Promise<Buffer> };

type Entry = { version: string; png: Promise<Buffer>; bytes: number };

export function createEventCardCache(
  options: { maxBytes?: number; render?: (svg: string) => Promise<Buffer>; rendered?: () => void } = {},
) {
  const maxBytes = options.maxBytes ?? EVENT_CARD_CACHE_BYTES;
  const render = options.render ?? svgToPng;
  // Map order is recency: a hit moves its entry to the end, eviction takes from the front.
  const entries = new Map<string, Entry>();
  let total = 0;

  const drop = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    total -= entry.bytes;
  };

  function png(id: string, version: string, svg: string): Promise<Buffer> {
    const cached = entries.get(id);
    if (cached?.version === version) {
      entries.delete(id);
      entries.set(id, cached);
      return cached.png;
    }
    drop(id);
    // Requests that arrive while it renders share the one rendering.
    const entry: Entry = { version, bytes: 0, png: render(svg) };
    options.rendered?.();
    entries.set(id, entry);
    entry.png.then(
      (body) => {
        if (entries.get(id) !== entry) return;
        entry.bytes = body.length;
        total += body.length;
        for (const [oldest] of entries) {
          if (total <= maxBytes || oldest === id) break;
          drop(oldest);
        }
      },
      () => {
        if (entries.get(id) === entry) drop(id);
      },
    );
    return entry.png;
  }

  return {
    card(event: EventRow): EventCard {
      const svg = eventCardSvg(event);
      const version = crypto.createHash('sha256').update(svg).digest('base64url').slice(0, 27);
      return { etag: `"card-${version}"`, png: () => png(event.id, version, svg) };
    },
    size: () => ({ entries: entries.size, bytes: total }),
  };
}

// If-None-Match: a list of entity tags, weak ones (W/"…") matching too (RFC 9110 §13.1.2), or *.
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
