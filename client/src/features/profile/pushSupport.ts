// Whether this browser can receive web push here (ADR 046): the Push API, and a service worker
// registered by the app (the PWA's; the page never waits on navigator.serviceWorker.ready when none
// is registered, which would never settle).
export type PushSupport =
  | { kind: 'unsupported' }
  | { kind: 'no-worker' }
  | { kind: 'ready'; registration: ServiceWorkerRegistration };

export async function pushSupport(): Promise<PushSupport> {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window))
    return { kind: 'unsupported' };
  if (!('Notification' in window)) return { kind: 'unsupported' };
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? { kind: 'ready', registration } : { kind: 'no-worker' };
}

// The VAPID public key (base64url, as /config.json serves it) as the bytes pushManager.subscribe
// wants.
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
