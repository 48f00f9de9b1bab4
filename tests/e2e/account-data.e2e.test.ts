import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedAccount } from './accounts.ts';
import { launch, newContext, shot, signIn, watchErrors } from './browser.ts';

// Issue 24 point 4 (ADR 054) in Chromium: 'Verilerimi indir' saves a JSON copy of one's data (once
// an hour), and deleting the account asks for the password before anything goes.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('account data in Chromium', () => {
  it('downloads the data archive, then deletes the account only with the password', async () => {
    const me = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, me.email, me.password);
    await page.goto('/dashboard/settings');

    const section = page.getByTestId('data-export');
    await section.getByRole('heading', { name: 'Verilerimi indir' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: /Verilerimi indir/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^squad-verilerim-\d{4}-\d{2}-\d{2}\.json$/);
    const archive = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    expect(archive.format).toBe('squad-data-export');
    expect(archive.profile.email).toBe(me.email);
    await page.getByText('Verilerin indirildi').first().waitFor();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'settings-data-export');
    // Once an hour.
    await section.getByRole('button', { name: /Verilerimi indir/ }).click();
    await page
      .getByText(/Verilerini saatte bir kez indirebilirsin\. \d+ dakika sonra tekrar dene\./)
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Hesabımı Sil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hesabını silmek istediğine emin misin?' });
    await dialog.getByLabel('Onay için kullanıcı adını ya da e-posta adresini yaz').fill(me.email);
    await dialog.getByTestId('confirm-delete').click();
    await dialog.getByText('Hesabını silmek için şifreni gir.').waitFor();
    await dialog.getByLabel('Şifren', { exact: true }).fill('yanlis-sifre');
    await dialog.getByTestId('confirm-delete').click();
    await dialog.getByText('Şifre yanlış.').waitFor();
    await shot(page, 'settings-delete-password');
    await dialog.getByLabel('Şifren', { exact: true }).fill(me.password);
    await dialog.getByTestId('confirm-delete').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });
});
