import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedAccount } from './accounts.ts';
import { DESKTOP, MOBILE, launch, newContext, shot, signIn, watchErrors } from './browser.ts';

// First screens (ADR 050): a signed-in device gets the physical dashboard's frame and search row inside
// index.html, one that is not gets the sign-in page; painted before any of the app's code has arrived,
// inert, and exactly where the app then draws the same things.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PLACEHOLDER = { tr: 'Etkinlik ara, lokasyon gir...', en: 'Search events, enter a location...' };

// Opens the page with the app's code held back, so only what the server sent is on screen; `release`
// lets it through.
async function openHeld(page: Page, path = '/dashboard/physical'): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('[data-first-screen]').waitFor();
  return {
    release: async () => {
      released = true;
      for (const route of held) await route.continue();
    },
  };
}

// No file of the app's code started before the first contentful paint.
const codeAfterPaint = (page: Page) =>
  page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    code: performance
      .getEntriesByType('resource')
      .filter((r) => /\/assets\/[^/]+\.js$/.test(r.name))
      .map((r) => r.startTime),
  }));

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not on screen`);
  return b;
};

describe('first screen', () => {
  for (const [name, viewport] of [
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`paints the frame and search row before the code on a ${name}, where the app then draws them`, async () => {
      const { email, password } = await confirmedAccount();
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signIn(page, email, password);
      // The app keeps the hint beside the session.
      expect((await context.cookies()).find((c) => c.name === 'squad.signed-in')?.value).toBe('1');

      const { release } = await openHeld(page);
      const search = `[data-first-screen] input[placeholder="${PLACEHOLDER.tr}"]`;
      expect(await page.locator(search).isVisible()).toBe(true);
      // Styled without the style sheet file (it comes inside the page), and inert until replaced.
      const before = await box(page, search);
      expect(before.height).toBe(48);
      expect(await page.locator('[data-first-screen]').getAttribute('inert')).not.toBeNull();
      const logoBefore = await box(page, '[data-first-screen] header a[href="/dashboard/physical"]');
      await shot(page, `first-screen-${name}`);

      await release();
      await page.getByTestId('event-map').waitFor();
      expect(await page.locator('[data-first-screen]').count()).toBe(0);
      // The code was asked for only once the screen had painted: none of the app's files started
      // before the first contentful paint (they did, with the tags in the head).
      const timing = await codeAfterPaint(page);
      expect(timing.code.length).toBeGreaterThan(0);
      expect(Math.min(...timing.code)).toBeGreaterThanOrEqual(timing.paint);
      const after = await box(page, `main input[placeholder="${PLACEHOLDER.tr}"]`);
      const logoAfter = await box(page, 'header a[href="/dashboard/physical"]');
      for (const [a, b] of [
        [before, after],
        [logoBefore, logoAfter],
      ]) {
        expect(Math.abs(a.x - b.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(a.y - b.y)).toBeLessThanOrEqual(1);
        expect(Math.abs(a.width - b.width)).toBeLessThanOrEqual(1);
        expect(Math.abs(a.height - b.height)).toBeLessThanOrEqual(1);
      }
      await shot(page, `first-screen-${name}-app`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('speaks the device’s language, and is only sent to a signed-in device', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    await signIn(page, email, password);
    const origin = new URL(page.url()).origin;
    await context.addCookies([{ name: 'squad.locale', value: 'en', url: origin }]);
    const { release } = await openHeld(page);
    await page.locator(`[data-first-screen] input[placeholder="${PLACEHOLDER.en}"]`).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await shot(page, 'first-screen-phone-en');
    await release();
    await page.getByTestId('event-map').waitFor();

    // Signing out drops the hint: the page comes with the logo splash, and the app goes to sign in.
    // (The app speaks the account's language by now, Turkish.)
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await page.getByRole('button', { name: 'Çıkış Yap' }).last().click();
    await page.getByRole('button', { name: "Squad'a Gir!" }).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'squad.signed-in')).toBe(false);
    const html = await (await page.request.get('/dashboard/physical')).text();
    expect(html).not.toContain('data-first-screen');
    expect(html).toContain('<!--first-screen-->');
    await context.close();
  });

  it('paints the sign-in page before the code for a device that is not signed in; the app then takes the form', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const { release } = await openHeld(page, '/login');
    // The welcome heading (the page's largest paint) and the form, drawn from the server's HTML alone.
    const heading = '[data-first-screen="login"] main h2';
    expect(await page.locator(heading).isVisible()).toBe(true);
    expect(await page.locator('[data-first-screen] input[type="password"]').isVisible()).toBe(true);
    expect(await page.locator('[data-first-screen]').getAttribute('inert')).not.toBeNull();
    const before = await box(page, heading);
    const submitBefore = await box(page, '[data-first-screen] button[type="submit"]');
    await shot(page, 'first-screen-login-phone');

    await release();
    await page.locator('[data-first-screen]').waitFor({ state: 'detached' });
    const timing = await codeAfterPaint(page);
    expect(timing.code.length).toBeGreaterThan(0);
    expect(Math.min(...timing.code)).toBeGreaterThanOrEqual(timing.paint);
    for (const [a, b] of [
      [before, await box(page, 'main h2')],
      [submitBefore, await box(page, 'button[type="submit"]')],
    ]) {
      expect(Math.abs(a.x - b.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(a.y - b.y)).toBeLessThanOrEqual(1);
      expect(Math.abs(a.width - b.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(a.height - b.height)).toBeLessThanOrEqual(1);
    }
    // The app's form signs in (nothing was typed into the copy that went away).
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill(password);
    await page.getByRole('button', { name: "Squad'a Gir!" }).click();
    await page.waitForURL('**/dashboard/physical');
    // Signed in, the sign-in page comes without it (and the app sends the device on).
    const html = await (await page.request.get('/login')).text();
    expect(html).not.toContain('data-first-screen');
    expect(errors).toEqual([]);
    await context.close();
  });
});
