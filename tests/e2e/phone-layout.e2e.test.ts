import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, confirmedAccount, graphql } from './accounts.ts';
import { DESKTOP, launch, MOBILE, newContext, shot, signIn, watchErrors } from './browser.ts';

// Issue 27.4 on a phone: the map's credits are covered neither by the offline-map notice nor by the
// '+' button, the wizard's map is not a third credits, step 6 shows 'Yetersiz token' without
// scrolling, and a toast leaves the header's token balance readable. Desktop keeps its layout.

type Box = { x: number; y: number; width: number; height: number };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

const inViewport = (b: Box, viewport: { width: number; height: number }) =>
  b.x >= 0 && b.y >= 0 && b.x + b.width <= viewport.width && b.y + b.height <= viewport.height;

const fab = (page: Page) => page.getByTestId('create-fab');
const next = (dialog: Locator) => dialog.getByRole('button', { name: /İleri/ }).click();
const tomorrowInTurkey = () => new Date(Date.now() + 27 * 3600_000).toISOString().slice(0, 10);

// The dashboard's map with the tiles failed (no internet here) and the place data credited.
async function offlineMap(page: Page) {
  const map = page.getByTestId('event-map');
  await map.locator('.leaflet-container').waitFor();
  await expect.poll(() => map.getAttribute('data-tiles')).toBe('failed');
  await map.locator('.leaflet-control-attribution', { hasText: 'Natural Earth' }).waitFor();
  return map;
}

// Steps 1 to 5 of a physical event; the point is a click on the map (its address proposes the text).
async function toPreview(page: Page, dialog: Locator) {
  await dialog.getByText('Fiziksel', { exact: true }).click();
  await next(dialog);
  await dialog.getByLabel('Başlık *').fill('Telefondan tavla akşamı');
  await dialog.getByLabel('Açıklama *').fill('Yeni başlayanlara kurallar anlatılır, herkes gelebilir.');
  await dialog.getByLabel('Kategori *').selectOption('Kutu Oyunları & Klasikler');
  await next(dialog);
  await dialog.getByRole('button', { name: '#Catan' }).click();
  await next(dialog);
  await dialog.getByLabel('Tarih *').fill(tomorrowInTurkey());
  await dialog.getByLabel('Saat *').fill('19:30');
  await next(dialog);
  const map = dialog.getByTestId('location-picker-map');
  await map.locator('.leaflet-container').waitFor();
  await map.scrollIntoViewIfNeeded();
  const rect = await box(map);
  await page.mouse.click(rect.x + rect.width / 2, rect.y + rect.height / 3);
  await expect.poll(() => dialog.getByLabel('Herkese açık konum *').inputValue()).not.toBe('');
  await dialog.getByLabel('Tam yer adı *').fill('Moda sahili, çay bahçesi');
  await dialog.getByTestId('venue-type').getByRole('radio').nth(1).check();
  await next(dialog);
  await dialog.getByTestId('wizard-preview').waitFor();
}

// Five events spend a new account's five tokens.
async function spendAllTokens(email: string, password: string) {
  const token = await accessToken(email, password);
  for (let i = 0; i < 5; i++) {
    await graphql(
      token,
      `
        mutation SpendForPhoneLayoutE2E($input: CreateEventInput!) {
          createEvent(input: $input) {
            event {
              id
            }
          }
        }
      `,
      {
        input: {
          mode: 'PHYSICAL',
          title: `Moda’da tavla ${i + 1}`,
          description: 'Çay, tavla ve sohbet; herkes gelebilir.',
          category: 'board-games',
          tags: ['catan'],
          date: tomorrowInTurkey(),
          time: '19:00',
          durationMinutes: 120,
          maxParticipants: 6,
          location: { name: 'Moda Çay Bahçesi', address: 'Caferağa, Kadıköy', lat: 40.9836, lng: 29.0253 },
          publicLocation: 'Kadıköy, İstanbul',
        },
      },
    );
  }
}

describe('the phone layout (issue 27)', () => {
  it('the map credits are covered neither by the offline notice nor by the "+" button', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email, password);
    const map = await offlineMap(page);
    const credits = map.locator('.leaflet-control-attribution');
    const notice = map.getByText('Çevrimdışı harita: il sınırları');
    await notice.waitFor();
    // Whatever the sign-in toast covered is measured once it has gone.
    await page.getByRole('status').filter({ hasText: 'Tekrar hoş geldin!' }).waitFor({ state: 'detached' });
    await shot(page, 'phone-layout-map');

    const creditsBox = await box(credits);
    expect(intersects(creditsBox, await box(notice))).toBe(false);
    expect(intersects(creditsBox, await box(fab(page)))).toBe(false);
    expect(intersects(await box(map.locator('.leaflet-control-zoom')), await box(fab(page)))).toBe(false);
    // The credits stay on the map and on screen.
    const mapBox = await box(map);
    expect(inViewport(creditsBox, MOBILE)).toBe(true);
    expect(creditsBox.y + creditsBox.height).toBeLessThanOrEqual(mapBox.y + mapBox.height + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a toast leaves the token balance readable; the wizard map is mostly map; step 6 shows "Yetersiz token"', async () => {
    const { email, password } = await confirmedAccount();
    await spendAllTokens(email, password);
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email, password);

    // The sign-in's welcome toast, under the header on a phone.
    const toast = page.getByRole('status').filter({ hasText: 'Tekrar hoş geldin!' });
    await toast.waitFor();
    const balance = page.locator('header a[href="/dashboard/tokens"]');
    await expect.poll(() => page.getByTestId('token-balance').textContent()).toBe('0');
    await shot(page, 'phone-layout-toast');
    expect(intersects(await box(toast), await box(balance))).toBe(false);
    expect(inViewport(await box(toast), MOBILE)).toBe(true);

    await offlineMap(page);
    await fab(page).click();
    const dialog = page.getByRole('dialog', { name: 'Etkinlik Oluştur' });
    await dialog.waitFor();
    await toPreview(page, dialog);
    // Step 6 with 0 tokens: the reason the button is off is on screen as the step opens.
    const alert = dialog.getByRole('alert').filter({ hasText: 'Yetersiz token' });
    await alert.waitFor();
    await shot(page, 'phone-layout-step6');
    const alertBox = await box(alert);
    expect(inViewport(alertBox, MOBILE)).toBe(true);
    // Not under the wizard's footer that stays in view either.
    expect(intersects(alertBox, await box(dialog.getByTestId('wizard-footer')))).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Etkinliği Oluştur' }).isDisabled()).toBe(true);

    // The preview's map scrolled under the sticky footer stays under it (Leaflet's controls included).
    const footer = dialog.getByTestId('wizard-footer');
    const previewMap = dialog.getByTestId('location-preview-map');
    await previewMap.locator('.leaflet-control-zoom-in').waitFor();
    const under = (await box(previewMap)).y - (await box(footer)).y - 8;
    await dialog.getByTestId('dialog-body').evaluate((body, by) => body.scrollBy(0, by), under);
    const zoomIn = await box(previewMap.locator('.leaflet-control-zoom-in'));
    expect(intersects(zoomIn, await box(footer))).toBe(true);
    const onTop = await page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('[data-testid="wizard-footer"]')),
      [zoomIn.x + zoomIn.width / 2, zoomIn.y + zoomIn.height / 2],
    );
    await shot(page, 'phone-layout-step6-footer');
    expect(onTop).toBe(true);

    // Back on step 5: the map's credits take a strip of it, not a third.
    await dialog.getByRole('button', { name: /Geri/ }).click();
    const wizardMap = dialog.getByTestId('location-picker-map');
    const wizardCredits = wizardMap.locator('.leaflet-control-attribution', { hasText: 'Natural Earth' });
    await wizardCredits.waitFor();
    await wizardMap.scrollIntoViewIfNeeded();
    await shot(page, 'phone-layout-wizard-map');
    const mapBox = await box(wizardMap);
    const creditsBox = await box(wizardCredits);
    expect(creditsBox.height * creditsBox.width).toBeLessThan(0.1 * mapBox.height * mapBox.width);
    expect(creditsBox.height).toBeLessThan(0.15 * mapBox.height);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('desktop keeps its layout: credits clear of the notice and the "+", toasts under the header', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await signIn(page, email, password);
    const toast = page.getByRole('status').filter({ hasText: 'Tekrar hoş geldin!' });
    await toast.waitFor();
    const balance = page.locator('header a[href="/dashboard/tokens"]');
    await shot(page, 'phone-layout-desktop-toast');
    expect(intersects(await box(toast), await box(balance))).toBe(false);
    expect((await box(toast)).y).toBeGreaterThanOrEqual((await box(page.locator('header'))).height);
    const map = await offlineMap(page);
    await toast.waitFor({ state: 'detached' });
    await shot(page, 'phone-layout-desktop-map');
    const credits = await box(map.locator('.leaflet-control-attribution'));
    const notice = map.getByText('Çevrimdışı harita: il sınırları');
    expect(intersects(credits, await box(notice))).toBe(false);
    expect(intersects(credits, await box(fab(page)))).toBe(false);
    await context.close();
  });
});
