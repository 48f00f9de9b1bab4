import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedAccount } from './accounts.ts';
import { DESKTOP, MOBILE, launch, newContext, shot, watchErrors } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function signIn(page: import('playwright-core').Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: "Squad'a Gir!" }).click();
  await page.waitForURL('**/dashboard/physical');
}

describe('app shell', () => {
  it('renders /login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/login');
    await page.getByRole('button', { name: "Squad'a Gir!" }).waitFor();
    expect(await page.title()).toMatch(/Squad/);
    await shot(page, 'shell-login-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in, shows the dashboard shell with the live balance, switches mode and reloads deep links', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email, password);
    const header = page.getByRole('banner');
    await header.getByText('5', { exact: true }).first().waitFor();
    await shot(page, 'shell-dashboard-physical-desktop');

    await page.goto('/dashboard/online');
    await page.waitForURL('**/dashboard/online');
    await shot(page, 'shell-dashboard-online-desktop');
    await page.reload();
    await page.waitForURL('**/dashboard/online');
    expect(errors).toEqual([]);

    await page.setViewportSize(MOBILE);
    await page.goto('/dashboard/physical');
    await page.getByRole('button', { name: /menü/i }).first().click();
    await page.getByText(email).first().waitFor();
    // Let the slide-in finish before the picture.
    await page.waitForTimeout(800);
    await shot(page, 'shell-drawer-mobile');
    await page.setViewportSize(DESKTOP);
    await context.close();
  });

  it('sends an anonymous visitor from a dashboard deep link to /login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/dashboard/my-events');
    await page.waitForURL('**/login**');
    await context.close();
  });
});
