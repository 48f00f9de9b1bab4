import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { paths } from '#server/lib/paths.ts';

export const baseUrl = () => inject('e2eBaseUrl');
export const SCREENSHOTS = path.join(paths.root, 'tests', 'e2e', 'screenshots');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchArgs() {
  return {
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

export async function launch(): Promise<Browser> {
  return chromium.launch(launchArgs());
}

export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 390, height: 844 };

// Service workers are off unless a test is about them (pwa.e2e.test.ts): the worker's precache would
// download the whole app next to every test, and requests it answers bypass `context.route`. `base`:
// another server than the suite's (a test that starts its own).
export async function newContext(
  browser: Browser,
  viewport = DESKTOP,
  options: { serviceWorkers?: 'allow' | 'block'; locale?: 'tr' | 'en'; base?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    serviceWorkers: options.serviceWorkers ?? 'block',
    locale: options.locale === 'en' ? 'en-GB' : 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    baseURL: options.base ?? baseUrl(),
  });
  // No internet here: map tiles and anything external fail fast instead of hanging.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  return context;
}

export async function shot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  // Let opening dialogs and fading toasts finish (endless ones such as spinners are not waited for).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

// Collects uncaught page errors so a test can assert the page ran cleanly.
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

// Signs in through the form and waits for the dashboard.
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: "Squad'a Gir!" }).click();
  await page.waitForURL('**/dashboard/physical');
}

// The physical dashboard's list card of an event, found through the search box.
export async function findCard(page: Page, title: string) {
  await page.getByPlaceholder('Etkinlik ara, lokasyon gir...').fill(title);
  const card = page.getByTestId('event-card').filter({ hasText: title });
  await card.waitFor();
  return card;
}
