import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedAccount, mailsTo, newEmail } from './accounts.ts';
import { baseUrl, launch, MOBILE, newContext, shot, watchErrors } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: "Squad'a Gir!" }).click();
}

const session = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('squad.session') ?? 'null'));

describe('identity screens in Chromium', () => {
  it('registers, follows the e-mailed link, verifies and signs in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = newEmail('kayit');
    await page.goto('/register');
    await shot(page, 'auth-register');
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill('12345');
    // The checklist is live and the button waits for 6 characters.
    expect(await page.getByRole('button', { name: 'Hesap Oluştur' }).isDisabled()).toBe(true);
    await page.getByLabel('Şifre', { exact: true }).fill('gizli-sifre');
    await page.getByRole('button', { name: 'Hesap Oluştur' }).click();
    await page.getByText('Neredeyse hazırsın! 📬').waitFor();
    await shot(page, 'auth-register-done');

    const [mail] = await mailsTo(email);
    expect(mail.subject).toContain('E-postanı doğrula');
    const link = /(http\S+\/verify\?username=\S+&code=\d{6})/.exec(mail.text)![1];
    expect(link.startsWith(baseUrl())).toBe(true);
    await page.goto(link.replace(baseUrl(), ''));
    await page.getByText('E-postan doğrulanıyor... ⏳').waitFor();
    await shot(page, 'auth-verify-loading');
    await page.getByText('E-postan doğrulandı! 🎉').first().waitFor({ timeout: 10_000 });
    await shot(page, 'auth-verify-success');
    await page.waitForURL('**/login?verified=true', { timeout: 10_000 });

    await signIn(page, email, 'gizli-sifre');
    await page.waitForURL('**/dashboard/physical');
    await page.getByText('Tekrar hoş geldin! 🎉').waitFor();
    expect((await session(page)).refreshToken).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the wrong-password text and keeps the form usable', async () => {
    const { email } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, email, 'yanlis-sifre');
    await page.getByText('E-mail ya da şifre yanlış 😔').waitFor();
    await shot(page, 'auth-login-wrong-password');
    expect(await page.getByRole('button', { name: "Squad'a Gir!" }).isEnabled()).toBe(true);
    await context.close();
  });

  it('resets a forgotten password with the e-mailed code', async () => {
    const { email } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/forgot-password');
    await shot(page, 'auth-forgot-1');
    await page.getByLabel('E-posta').fill(email);
    await page.getByRole('button', { name: 'Kod Gönder' }).click();
    await page.getByText('Yeni şifreni belirle').waitFor();
    const reset = (await mailsTo(email)).find((m) => m.subject === 'Squad şifre sıfırlama kodun')!;
    const code = /\b(\d{6})\b/.exec(reset.text)![1];
    // The code field keeps digits only.
    await page.getByLabel('Doğrulama kodu').fill(`${code.slice(0, 3)} ${code.slice(3)}x`);
    expect(await page.getByLabel('Doğrulama kodu').inputValue()).toBe(code);
    await page.getByLabel('Yeni şifre', { exact: true }).fill('Yeni-Sifre-2026!');
    await page.getByLabel('Yeni şifre (tekrar)').fill('Yeni-Sifre-2025!');
    await page.getByText('Şifreler match etmiyor! 😅').waitFor();
    await page.getByLabel('Yeni şifre (tekrar)').fill('Yeni-Sifre-2026!');
    await shot(page, 'auth-forgot-2');
    await page.getByRole('button', { name: 'Şifreyi Sıfırla' }).click();
    await page.getByText('Şifren değişti! 🎉').waitFor();
    await shot(page, 'auth-forgot-3');
    await page.waitForURL('**/login', { timeout: 5000 });
    await signIn(page, email, 'Yeni-Sifre-2026!');
    await page.waitForURL('**/dashboard/physical');
    await context.close();
  });

  it('renews an expired access token silently once, then logs out and clears everything', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, email, password);
    await page.waitForURL('**/dashboard/physical');
    const before = await session(page);
    // Replace the access token with one the server will refuse; keep the refresh token.
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('squad.session')!);
      s.accessToken = 'eyJhbGciOiJSUzI1NiJ9.eyJleHAiOjF9.c2lnbmF0dXJl';
      localStorage.setItem('squad.session', JSON.stringify(s));
    });
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/cognito/') && (r.postData() ?? '').includes('REFRESH_TOKEN_AUTH'))
        refreshes.push(r.url());
    });
    await page.goto('/dashboard/tokens');
    await page.getByRole('banner').getByText('5', { exact: true }).first().waitFor();
    expect(refreshes).toHaveLength(1);
    const after = await session(page);
    expect(after.accessToken).not.toBe('eyJhbGciOiJSUzI1NiJ9.eyJleHAiOjF9.c2lnbmF0dXJl');
    expect(after.refreshToken).toBe(before.refreshToken);

    await page.evaluate(() => {
      sessionStorage.setItem('iz', '1');
      document.cookie = 'iz=1; path=/';
    });
    await page.getByRole('button', { name: 'Çıkış Yap' }).first().click();
    await page.waitForURL(`${baseUrl()}/`);
    // React Router writes its scroll positions for the page we land on; nothing else may survive but
    // the device's language (kept on purpose, so the sign-in page stays in it).
    const storage = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage).filter((k) => k !== 'react-router-scroll-positions'),
      cookies: document.cookie,
    }));
    expect(storage).toEqual({ local: ['squad.locale'], session: [], cookies: 'squad.locale=tr' });
    // The refresh token is dead on the server too (GlobalSignOut).
    const res = await fetch(`${baseUrl()}/cognito/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        ClientId: 'squad-web',
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: before.refreshToken },
      }),
    });
    expect(res.status).toBe(400);
    await context.close();
  });

  it('signs in with Google (a local OpenID provider in its place) from the button to the dashboard', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Google ile devam et' }).click();
    await page.locator('input[name="login"]').fill('deniz');
    await page.locator('input[name="password"]').fill('herhangi');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/googleAuth?**');
    await page
      .getByText(/Google hesabınla giriş yapılıyor|Giriş başarılı/)
      .first()
      .waitFor();
    await shot(page, 'auth-google-callback');
    await page.waitForURL('**/dashboard/physical', { timeout: 15_000 });
    const me = await page.evaluate(async () => {
      const s = JSON.parse(localStorage.getItem('squad.session')!);
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.accessToken}` },
        body: JSON.stringify({ query: '{ me { email displayName tokenBalance } }' }),
      });
      return (await res.json()).data.me;
    });
    expect(me).toEqual({ email: 'deniz@gmail.test', displayName: 'Deniz Google', tokenBalance: 5 });
    await context.close();
  });

  it('leaves the Google button out when the identity provider has no Google', async () => {
    const context = await newContext(browser);
    // This server has Google; the runtime configuration of one without it says so. The server writes
    // it into each page (ADR 044) and serves it at /config.json: both are rewritten.
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { features: Record<string, unknown> };
      await route.fulfill({
        response,
        json: { ...config, features: { ...config.features, googleSignIn: false } },
      });
    });
    await context.route(/\/(login|register)$/, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain('"googleSignIn":true');
      await route.fulfill({ response, body: html.replace('"googleSignIn":true', '"googleSignIn":false') });
    });
    const page = await context.newPage();
    for (const [path, name, submit] of [
      ['/login', 'auth-login-without-google', "Squad'a Gir!"],
      ['/register', 'auth-register-without-google', 'Hesap Oluştur'],
    ]) {
      await page.goto(path);
      // The sign-in page's first screen (ADR 050) comes from this server's own config, with Google;
      // the app's page follows the rewritten one.
      await page.locator('[data-first-screen]').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: submit }).waitFor();
      expect(await page.getByRole('button', { name: 'Google ile devam et' }).count()).toBe(0);
      expect(await page.getByText('veya e-posta ile').count()).toBe(0);
      await shot(page, name);
    }
    await context.close();
    // With Google configured the button is there.
    const withGoogle = await newContext(browser);
    const page2 = await withGoogle.newPage();
    await page2.goto('/login');
    await page2.getByRole('button', { name: 'Google ile devam et' }).waitFor();
    await withGoogle.close();
  });

  it('shows the Google error text when the provider answers with an error', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/googleAuth?error=access_denied&state=google_signin');
    await page
      .getByText('Google ile giriş yapılırken bir hata oluştu. Lütfen tekrar deneyin.')
      .waitFor({ timeout: 5000 });
    await shot(page, 'auth-google-error');
    await page.waitForURL('**/login', { timeout: 10_000 });
    await context.close();
  });

  it('renders the legal pages and the auth screens on a phone', async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    for (const [path, name, text] of [
      ['/terms', 'auth-terms-mobile', 'Kullanım Şartları'],
      ['/privacy', 'auth-privacy-mobile', 'KVKK'],
      ['/login', 'auth-login-mobile', "Squad'a Gir!"],
      ['/register', 'auth-register-mobile', 'Hesap Oluştur'],
      ['/forgot-password', 'auth-forgot-mobile', 'Kod Gönder'],
      ['/verify', 'auth-verify-missing-mobile', 'Doğrulama başarısız'],
    ] as const) {
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      await shot(page, name);
    }
    await context.close();
  });
});
