import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedAccount } from './accounts.ts';
import { launch, newContext, shot, watchErrors, signIn } from './browser.ts';

// Issue 16 item 5 on screen: the physical dashboard's search box takes a place name and moves the map
// there; the map's 'Burada etkinlik oluştur' opens the wizard at a reverse-geocoded place.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const MODA = { lat: 40.98117, lng: 29.02547 };

async function mapCenter(page: Page): Promise<{ lat: number; lng: number }> {
  const [lat, lng] = ((await page.getByTestId('event-map').getAttribute('data-center')) ?? '0,0')
    .split(',')
    .map(Number);
  return { lat, lng };
}

const next = (dialog: Locator) => dialog.getByRole('button', { name: /İleri/ }).click();

function tomorrowInTurkey(): string {
  return new Date(Date.now() + 27 * 3600_000).toISOString().slice(0, 10);
}

describe('places on the map', () => {
  it('moves the map to a typed place and creates an event at a reverse-geocoded point', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email, password);
    const map = page.getByTestId('event-map');
    await map.locator('.leaflet-container').waitFor();

    // The search box's own promise: 'Etkinlik ara, lokasyon gir...' + Enter on a place name.
    const box = page.getByPlaceholder('Etkinlik ara, lokasyon gir...');
    await box.fill('moda');
    await box.press('Enter');
    const chip = page.getByTestId('search-place');
    await chip.getByText('📍 Moda, Kadıköy, İstanbul: harita oraya taşındı').waitFor();
    await expect
      .poll(
        async () => {
          const c = await mapCenter(page);
          return Math.abs(c.lat - MODA.lat) + Math.abs(c.lng - MODA.lng);
        },
        { timeout: 10_000 },
      )
      .toBeLessThan(0.001);
    // The place replaced the text filter: the box is empty, events are not filtered by "moda".
    expect(await box.inputValue()).toBe('');
    await shot(page, 'places-search-moved-map');

    // Event text that names no place leaves the map where it is and filters as before.
    await box.fill('halı saha');
    await box.press('Enter');
    await page.waitForTimeout(600);
    const still = await mapCenter(page);
    expect(Math.abs(still.lat - MODA.lat) + Math.abs(still.lng - MODA.lng)).toBeLessThan(0.001);
    expect(await box.inputValue()).toBe('halı saha');
    await box.fill('');

    // "Search it as text after all" puts the text back into the box.
    await chip.getByRole('button', { name: '“moda” metniyle ara' }).click();
    expect(await box.inputValue()).toBe('moda');
    await box.fill('');

    // Right-click in the middle of the map (Moda): the wizard opens with the place filled in.
    const rect = (await map.boundingBox())!;
    await page.mouse.click(rect.x + rect.width / 2, rect.y + rect.height / 2, { button: 'right' });
    await page.getByRole('menuitem', { name: 'Burada etkinlik oluştur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Etkinlik Oluştur' });
    await dialog.waitFor();
    await next(dialog); // the type is preset: physical
    await dialog.getByLabel('Başlık *').fill('Moda sahilde kitap kulübü');
    await dialog.getByLabel('Açıklama *').fill('Bu ayın kitabını sahilde konuşuyoruz.');
    await dialog.getByLabel('Kategori *').selectOption({ index: 1 });
    await next(dialog);
    await dialog.getByRole('button', { name: /^#/ }).first().click();
    await next(dialog);
    await dialog.getByLabel('Tarih *').fill(tomorrowInTurkey());
    await dialog.getByLabel('Saat *').fill('18:00');
    await next(dialog);
    await dialog.getByTestId('location-picker-map').locator('.leaflet-container').waitFor();
    await expect
      .poll(() => dialog.getByTestId('picked-location').textContent())
      .toContain('Moda, Kadıköy, İstanbul');
    expect(await dialog.getByLabel('Herkese açık konum *').inputValue()).toBe('Kadıköy, İstanbul');
    await shot(page, 'places-create-here-wizard');
    expect(errors).toEqual([]);
    await context.close();
  });
});
