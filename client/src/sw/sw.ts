/// <reference lib="webworker" />
// Squad's service worker (ADR 043), built by vite-plugin-pwa (injectManifest) into /sw.js.
// - The app shell (hashed JS/CSS, icons, the offline page) is precached; a new deployment waits until
//   the page says SKIP_WAITING (the in-app "new version" prompt), so a tab never mixes two versions.
// - Navigations always go to the network (the server puts the runtime config into the page); without
//   one they get the offline page. The API, identity and uploads are never cached or answered here.
// - Web push: `{title, body, url, tag}` becomes a notification; a click focuses or opens `url`.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, PrecacheFallbackPlugin } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { parsePushPayload } from '#client/sw/push.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const OFFLINE_PAGE = '/offline.html';
// Pages that are not the SPA's: never answered by the worker.
const NOT_THE_APP = [
  /^\/graphql/,
  /^\/graphiql/,
  /^\/private\//,
  /^\/cognito/,
  /^\/oauth2\//,
  /^\/\.well-known\//,
  /^\/dev\//,
  /^\/uploads\//,
  /^\/media\//,
  /^\/checkout\//,
  /^\/webhooks\//,
  /^\/metrics/,
];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(
    new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_PAGE })] }),
    {
      denylist: NOT_THE_APP,
    },
  ),
);

// The first install takes the open page at once; later versions wait for the user's "Yenile".
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

self.addEventListener('push', (event) => {
  const notice = parsePushPayload(event.data?.text(), self.location.origin);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = parsePushPayload(JSON.stringify(event.notification.data ?? {}), self.location.origin).url;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === url);
      if (same) return void (await same.focus());
      const any = windows[0];
      if (any) {
        await any.focus();
        return void (await any.navigate(url));
      }
      await self.clients.openWindow(url);
    })(),
  );
});
