import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '#server/lib/paths.ts';
import { MOBILE, baseUrl, launch, launchArgs, newContext, shot, watchErrors } from './browser.ts';

// The installable app (ADR 043): manifest, icons, the service worker, the offline screen, the update
// prompt. Service workers are on in these contexts only.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

describe('installable app', () => {
  it('serves a valid manifest and icons, registers a worker that controls the page, and Chromium finds it installable', async () => {
    // A real profile: Chromium never offers to install from an incognito (Playwright's default) context.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...launchArgs(),
      viewport: MOBILE,
      baseURL: baseUrl(),
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.locator('link[rel="manifest"]').count()).toBe(1);
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(
      '/icons/apple-touch-icon.png',
    );

    const res = await page.request.get('/manifest.webmanifest');
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({
      short_name: 'Squad',
      start_url: '/dashboard/physical',
      display: 'standalone',
      theme_color: '#0b0614',
      background_color: '#0b0614',
    });
    expect(manifest.name).toMatch(/Squad/);
    const icon = async (src: string) =>
      sharp(Buffer.from(await (await page.request.get(src)).body())).metadata();
    for (const [size, purpose] of [
      [192, 'any'],
      [512, 'any'],
      [512, 'maskable'],
    ] as const) {
      const entry = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
      expect(entry, `${size} ${purpose}`).toBeDefined();
      const meta = await icon(entry!.src);
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    const apple = await icon('/icons/apple-touch-icon.png');
    expect([apple.format, apple.width, apple.height, apple.hasAlpha]).toEqual(['png', 180, 180, false]);

    // The worker is never cached for long, so a deployment reaches open tabs.
    const sw = await page.request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toContain('javascript');

    await controlled(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');

    // Chromium's own verdict (what decides the install prompt).
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
    };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifestErrors).toEqual([]);

    // The worker never answers the API: GraphQL and sign-in are not in its caches.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.some((u) => /^\/(graphql|private|cognito|oauth2)/.test(u))).toBe(false);
    expect(cached).not.toContain('/index.html');
    expect(errors).toEqual([]);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  it('shows a web push as a notification that carries its page (our origin only)', async () => {
    const context = await newContext(browser, MOBILE, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    const page = await context.newPage();
    await page.goto('/login');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    // The registration's id, as Chromium's service worker domain reports it once enabled.
    const registered = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        (e: { registrations: { registrationId: string }[] }) => {
          if (e.registrations[0]) resolve(e.registrations[0].registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl(),
      registrationId,
      data: JSON.stringify({
        title: 'Yeni katılım isteği',
        body: 'Ayşe etkinliğine katılmak istiyor',
        url: '/dashboard/my-events',
        tag: 'join-request-1',
      }),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const [n] = await registration.getNotifications();
        return n ? { title: n.title, body: n.body, tag: n.tag, data: n.data as unknown } : null;
      });
    await expect.poll(shown, { timeout: 15_000 }).toEqual({
      title: 'Yeni katılım isteği',
      body: 'Ayşe etkinliğine katılmak istiyor',
      tag: 'join-request-1',
      data: { url: `${baseUrl()}/dashboard/my-events` },
    });
    await context.close();
  });

  it('starts offline to its offline screen', async () => {
    const context = await newContext(browser, MOBILE, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/login');
    await controlled(page);
    // Everything precached before the network goes away.
    await page.waitForFunction(
      async () => {
        const names = await caches.keys();
        let count = 0;
        for (const name of names) count += (await (await caches.open(name)).keys()).length;
        return count > 20;
      },
      null,
      { timeout: 30_000, polling: 250 },
    );
    await context.setOffline(true);
    await page.goto('/dashboard/physical');
    await page.getByRole('heading', { name: /Çevrimdışısın/ }).waitFor();
    // One language, the device's (tr-TR here): the English text is not shown.
    expect(await page.getByText('You are offline').isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Tekrar dene' }).waitFor();
    await shot(page, 'pwa-offline-mobile');
    await page.reload();
    await page.getByRole('heading', { name: /Çevrimdışısın/ }).waitFor();

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Tekrar dene' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: "Squad'a Gir!" }).waitFor();
    await context.close();
  });

  for (const locale of ['tr', 'en'] as const) {
    it(`asks before a new version takes over (${locale})`, async () => {
      const swFile = path.join(paths.clientDist, 'sw.js');
      const original = fs.readFileSync(swFile, 'utf8');
      const context = await newContext(browser, MOBILE, { serviceWorkers: 'allow' });
      await context.addInitScript((l) => localStorage.setItem('squad.locale', l), locale);
      const page = await context.newPage();
      try {
        await page.goto('/login');
        await controlled(page);
        const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
        // A deployment: the worker's bytes change on the server.
        fs.writeFileSync(swFile, `${original}\n// e2e deployment ${Date.now()}\n`);
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
        const prompt = page.getByTestId('update-prompt');
        await prompt.getByText(locale === 'tr' ? 'Yeni sürüm hazır' : 'A new version is ready').waitFor({
          timeout: 30_000,
        });
        await shot(page, `pwa-update-prompt-${locale}`);
        const reloaded = page.waitForEvent('load');
        await prompt.getByRole('button', { name: locale === 'tr' ? 'Yenile' : 'Reload' }).click();
        await reloaded;
        await controlled(page);
        expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
        await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);
      } finally {
        fs.writeFileSync(swFile, original);
        await context.close();
      }
    });
  }
});
