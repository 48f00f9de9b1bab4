import sharp from 'sharp';
import type { EventRow } from '#db/schema/index.ts';
import { categoryOf, platformOf } from '#server/modules/events/events.catalog.ts';

// The event's link preview image (og:image, ADR 049): 1200 x 630, an invitation card of the public
// fields only — title, Turkish date and time, category, public place or platform (icons drawn as shapes:
// a colour emoji font would show its own calendar date beside ours). Drawn as SVG and
// rasterised by sharp (librsvg); the text is set in DejaVu Sans (fonts-dejavu-core, installed by
// .ci/run), which covers Turkish letters and is on every Debian machine.

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Breaks the title into at most `lines` lines of about `width` characters (no measuring in SVG 1.1).
export function wrap(text: string, width: number, lines: number): string[] {
  const words = text.trim().split(/\s+/);
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    if ((line + ' ' + word).trim().length > width && line) {
      out.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) out.push(line);
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = `${kept[lines - 1].slice(0, width - 1)}…`;
    return kept;
  }
  return out;
}

export function turkishDate(startsAt: Date): string {
  const day = new Intl.DateTimeFormat('tr-TR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/Istanbul',
  }).format(startsAt);
  const time = new Intl.DateTimeFormat('tr-TR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Istanbul',
  }).format(startsAt);
  return `${day} · ${time}`;
}

export function eventCardSvg(event: EventRow): string {
  const category = categoryOf(event.category, event.mode).label.tr;
  const where =
    event.mode === 'physical'
      ? (event.publicLocation ?? 'Türkiye')
      : `Online · ${event.platform ? platformOf(event.platform).label.tr : ''}`;
  const title = wrap(event.title, 26, 3);
  const titleLines = title
    .map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : 84}">${escape(l)}</tspan>`)
    .join('');
  const font = 'font-family="DejaVu Sans, Verdana, sans-serif"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1c1033"/><stop offset="1" stop-color="#0d0a16"/>
    </linearGradient>
    <linearGradient id="brand" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#d946ef"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect x="0" y="0" width="1200" height="12" fill="url(#brand)"/>
  <text x="80" y="110" ${font} font-size="40" font-weight="bold" fill="#c4b5fd">Squad</text>
  <rect x="80" y="150" rx="24" ry="24" width="${Math.min(900, 40 + category.length * 19)}" height="48" fill="#2a1f45"/>
  <text x="100" y="183" ${font} font-size="28" fill="#e9d5ff">${escape(category)}</text>
  <text x="80" y="290" ${font} font-size="72" font-weight="bold" fill="#ffffff">${titleLines}</text>
  <g fill="none" stroke="#f0abfc" stroke-width="3">
    <rect x="82" y="512" width="30" height="28" rx="4"/><path d="M82 522h30M90 507v9M104 507v9"/>
  </g>
  <text x="128" y="540" ${font} font-size="34" fill="#f0abfc">${escape(turkishDate(event.startsAt))}</text>
  <g fill="none" stroke="#d4d4e8" stroke-width="3">
    <path d="M97 592c-9-11-14-18-14-25a14 14 0 0 1 28 0c0 7-5 14-14 25z"/><circle cx="97" cy="567" r="5"/>
  </g>
  <text x="128" y="590" ${font} font-size="34" fill="#d4d4e8">${escape(where)}</text>
  <text x="1120" y="590" ${font} font-size="28" fill="#a78bfa" text-anchor="end">Katılmak için tıkla →</text>
</svg>`;
}

// About 37 ms of CPU for one card: event-card-cache.ts keeps the results.
export function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
