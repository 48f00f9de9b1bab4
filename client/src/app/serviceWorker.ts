// Registers the service worker (src/sw/sw.ts, ADR 043) once the page has loaded, and tells the
// update prompt when a new version waits. "Yenile" lets it take over; the page reloads on the switch.

type Listener = (ready: boolean) => void;
const listeners = new Set<Listener>();
let updateReady = false;
let activate: (() => void) | null = null;

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  listener(updateReady);
  return () => listeners.delete(listener);
}

export function applyUpdate(): void {
  activate?.();
}

function announce(ready: boolean) {
  updateReady = ready;
  listeners.forEach((l) => l(ready));
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    activate = () => {
      // The new worker took over: load the page again from the new version.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    announce(true);
  });
  await wb.register();
  // A tab left open for hours still hears of a deployment.
  window.setInterval(() => void wb.update().catch(() => undefined), 60 * 60 * 1000);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => void register().catch((error: unknown) => console.warn('service worker', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
