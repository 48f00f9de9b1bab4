// What a push message asks the service worker to show: `{title, body, url, tag}` as JSON (the server
// side lands with the lifecycle issue). Anything unreadable still shows a plain Squad notification,
// and the click target is always one of our own pages.

export type PushNotice = { title: string; body: string; url: string; tag: string | undefined };

const FALLBACK_URL = '/dashboard/physical';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

// `origin` is the service worker's own; a url elsewhere falls back to the dashboard.
export function sameOriginUrl(value: unknown, origin: string): string {
  const raw = text(value);
  if (!raw) return new URL(FALLBACK_URL, origin).href;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.href : new URL(FALLBACK_URL, origin).href;
  } catch {
    return new URL(FALLBACK_URL, origin).href;
  }
}

export function parsePushPayload(raw: string | null | undefined, origin: string): PushNotice {
  let data: Record<string, unknown> = {};
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
      else data = { body: raw };
    } catch {
      data = { body: raw };
    }
  }
  return {
    title: text(data.title) ?? 'Squad',
    body: text(data.body) ?? '',
    url: sameOriginUrl(data.url, origin),
    tag: text(data.tag),
  };
}
