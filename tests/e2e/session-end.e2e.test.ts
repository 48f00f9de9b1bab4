import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedAccount } from './accounts.ts';
import { baseUrl, launch, newContext, shot, signIn, watchErrors } from './browser.ts';

// Issue 28, points 4 and 6: a session the identity service will not renew ends on the sign-in page
// with a word why and comes back to the same page afterwards; a refused Google code is the spec's
// 'Failed to authenticate', not an unreachable service (ADR 060).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const EXPIRED_TR = 'Oturumun sona erdi, tekrar giriş yap.';
const EXPIRED_EN = 'Your session has ended, please sign in again.';
const AUTH_FAILED_TR = 'Kullanıcı doğrulaması başarısız oldu. Lütfen tekrar giriş yapmayı deneyin.';
const UNREACHABLE_TR = 'Kimlik servisine şu an ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.';

async function cognito(target: string, body: unknown) {
  return fetch(`${baseUrl()}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
}

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('squad.session') ?? 'null'));

describe('a session that cannot be renewed', () => {
  it('ends on the sign-in page saying why, and signing in leads back to the page with its query', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email, password);
    await page.goto('/dashboard/profile?tab=settings');
    await page.waitForURL('**/dashboard/profile?tab=settings');
    await page.getByRole('banner').waitFor();

    // The refresh token is revoked on the server (as a sign-out elsewhere or its expiry would), and
    // the access token in hand is one the server refuses: the next request cannot be renewed.
    const session = await stored(page);
    const revoked = await cognito('RevokeToken', { ClientId: 'squad-web', Token: session.refreshToken });
    expect(revoked.status).toBe(200);
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('squad.session')!);
      s.accessToken = 'eyJhbGciOiJSUzI1NiJ9.eyJleHAiOjF9.c2lnbmF0dXJl';
      localStorage.setItem('squad.session', JSON.stringify(s));
    });
    // The redirect may cut the reload's own load short.
    await page.reload().catch(() => undefined);

    // Waiting for the text, not the address: the redirect may replace a navigation under way.
    await page.getByText(EXPIRED_TR).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('session')).toBe('expired');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/dashboard/profile?tab=settings');
    await shot(page, 'session-expired-login');
    expect(await stored(page)).toBeNull();

    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill(password);
    await page.getByRole('button', { name: "Squad'a Gir!" }).click();
    await page.waitForURL('**/dashboard/profile?tab=settings');
    expect(new URL(page.url()).search).toBe('?tab=settings');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('also when the access token has run out as well: the refresh on the way out is refused', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, email, password);
    await page.goto('/dashboard/tokens?tab=history');
    await page.getByRole('banner').waitFor();
    const session = await stored(page);
    await cognito('GlobalSignOut', { AccessToken: session.accessToken });
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('squad.session')!);
      s.expiresAt = 0;
      localStorage.setItem('squad.session', JSON.stringify(s));
    });
    await page.reload().catch(() => undefined);
    await page
      .getByText(EXPIRED_TR)
      .waitFor()
      .catch(async (error: unknown) => {
        await shot(page, 'debug-session-expired-2');
        throw new Error(`${String(error)} at ${page.url()}`);
      });
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/dashboard/tokens?tab=history');
    await context.close();
  });

  it('says nothing to a user who signed out with Çıkış Yap', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, email, password);
    await page.getByRole('button', { name: 'Çıkış Yap' }).first().click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole('button', { name: "Squad'a Gir!" }).waitFor();
    expect(await page.getByText(EXPIRED_TR).count()).toBe(0);
    await context.close();
  });

  it('says it in English on an English device', async () => {
    const context = await newContext(browser, undefined, { locale: 'en' });
    await context.addInitScript(() => localStorage.setItem('squad.locale', 'en'));
    await context.addCookies([{ name: 'squad.locale', value: 'en', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/auth/login?session=expired&returnTo=%2Fdashboard%2Fprofile%3Ftab%3Dsettings');
    await page.waitForURL('**/login?session=expired&returnTo=*');
    await page.getByText(EXPIRED_EN).waitFor();
    await shot(page, 'session-expired-login-en');
    await context.close();
  });
});

describe('Google sign-in failures', () => {
  it('shows a toast before the redirect, and a code Google refuses as failed authentication', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    // The first hand-over to the identity service answers 204 (the browser stays on the page it was
    // leaving) to look at that page; the second one goes through.
    let handOvers = 0;
    await page.route(/\/oauth2\/authorize\?/, (route) =>
      ++handOvers === 1 ? route.fulfill({ status: 204 }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Google ile devam et' }).click();
    await page.getByText("Google'a yönlendiriliyorsun...").waitFor();
    await shot(page, 'google-redirect-toast');
    // The button waits for the redirect that did not happen: start again from a fresh page.
    await page.reload();
    await page.getByRole('button', { name: 'Google ile devam et' }).click();

    // The fake Google signs 'reject…' in, then refuses its code at the token endpoint.
    await page.locator('input[name="login"]').fill('reject-deniz');
    await page.locator('input[name="password"]').fill('herhangi');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/googleAuth?**');
    await page.getByText(AUTH_FAILED_TR).waitFor({ timeout: 10_000 });
    expect(await page.getByText(UNREACHABLE_TR).count()).toBe(0);
    await shot(page, 'google-code-refused');
    await page.waitForURL('**/login', { timeout: 15_000 });
    expect(await stored(page)).toBeNull();
    await context.close();
  });

  it('a code the identity service refuses (used, expired, begun elsewhere) is failed authentication too', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // Started here (a verifier kept), so the service answers invalid_grant for the unknown code.
    await page.goto('/login');
    await page.evaluate(() => sessionStorage.setItem('squad.pkce.verifier', 'v'.repeat(64)));
    await page.goto('/googleAuth?code=already-used-or-made-up&state=google_signin');
    await page.getByText(AUTH_FAILED_TR).waitFor({ timeout: 10_000 });
    expect(await page.getByText(UNREACHABLE_TR).count()).toBe(0);
    await shot(page, 'google-code-refused-by-service');
    // Opened in a tab where the sign-in did not begin (no verifier): the same.
    const other = await context.newPage();
    await other.goto('/googleAuth?code=another-code&state=google_signin');
    await other.getByText(AUTH_FAILED_TR).waitFor({ timeout: 10_000 });
    await context.close();
  });
});
