import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedAccount } from './accounts.ts';
import { launch, MOBILE, newContext, shot, signIn, watchErrors } from './browser.ts';

// Issue 27 point 1 on screen: the wizard's location step never publishes a place the host did not
// choose. Search results are a list (nothing moves until one is picked), a pick or a moved point
// proposes the public text unless the host typed their own, and the preview shows the exact point.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const next = (dialog: Locator) => dialog.getByRole('button', { name: /İleri/ }).click();
const tomorrowInTurkey = () => new Date(Date.now() + 27 * 3600_000).toISOString().slice(0, 10);
const publicText = (dialog: Locator) => dialog.getByLabel('Herkese açık konum *');
const picked = (dialog: Locator) => dialog.getByTestId('picked-location').textContent();

// Steps 1 to 4 of a physical event (step 1 is skipped when the type is preset).
async function toLocationStep(dialog: Locator, title: string, presetType = false) {
  if (!presetType) await dialog.getByText('Fiziksel', { exact: true }).click();
  await next(dialog);
  await dialog.getByLabel('Başlık *').fill(title);
  await dialog.getByLabel('Açıklama *').fill('Yeni başlayanlara kurallar anlatılır, herkes gelebilir.');
  await dialog.getByLabel('Kategori *').selectOption('Kutu Oyunları & Klasikler');
  await next(dialog);
  await dialog.getByRole('button', { name: '#Catan' }).click();
  await next(dialog);
  await dialog.getByLabel('Tarih *').fill(tomorrowInTurkey());
  await dialog.getByLabel('Saat *').fill('19:30');
  await next(dialog);
  await dialog.getByTestId('location-picker-map').locator('.leaflet-container').waitFor();
}

async function searchPlace(dialog: Locator, text: string) {
  const box = dialog.getByPlaceholder('Örn. Moda, Kadıköy');
  await box.fill(text);
  await box.press('Enter');
  await dialog.getByTestId('picker-results').or(dialog.getByTestId('picker-not-found')).waitFor();
}

async function openWizard(page: Page, title: string) {
  await page.getByRole('button', { name: 'Etkinlik Oluştur' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Etkinlik Oluştur' });
  await dialog.waitFor();
  await toLocationStep(dialog, title);
  return dialog;
}

describe('the wizard location step (issue 27)', () => {
  it('"Zorlu Center": a list, nothing moves until a pick, the pick proposes the text; typed text stays', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email, password);
    await page.getByTestId('event-map').locator('.leaflet-container').waitFor();
    const dialog = await openWizard(page, 'Zorlu akşamı oyun gecesi');

    // Today the search took one fuzzy result and moved the point to Çorlu (Tekirdağ) silently.
    await searchPlace(dialog, 'Zorlu Center');
    expect(await picked(dialog)).toContain('Henüz bir nokta seçilmedi.');
    expect(await publicText(dialog).inputValue()).toBe('');
    // Offline the gazetteer may know no such venue: then it says so and nothing moved either.
    if (await dialog.getByTestId('picker-not-found').count()) {
      await shot(page, 'wizard-location-not-found-desktop');
      await searchPlace(dialog, 'Beşiktaş');
      expect(await picked(dialog)).toContain('Henüz bir nokta seçilmedi.');
    }
    const options = dialog.getByTestId('picker-results').getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
    // Each result says where it is; one outside the map's province (İstanbul here) is labelled so.
    for (let i = 0; i < count; i++) {
      const province = (await options.nth(i).getAttribute('data-province')) ?? '';
      expect(province).not.toBe('');
      expect(await options.nth(i).textContent()).toContain(province);
      const labels = await options.nth(i).getByTestId('other-province').count();
      expect(labels).toBe(province === 'İstanbul' ? 0 : 1);
    }
    await shot(page, 'wizard-location-results-desktop');

    // Arrow keys and Enter pick the first result (no form submit): the point and the text follow it.
    const first = options.first();
    const name = (await first.locator('span.font-semibold').textContent())!;
    const province = (await first.getAttribute('data-province'))!;
    const box = dialog.getByPlaceholder('Örn. Moda, Kadıköy');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect.poll(() => picked(dialog)).toContain(name);
    await expect.poll(() => publicText(dialog).inputValue()).toContain(province);
    expect(await dialog.getByTestId('picker-results').count()).toBe(0);

    // A click on the map moves the point: reverse geocoded, it proposes the text again.
    const map = (await dialog.getByTestId('location-picker-map').boundingBox())!;
    await page.waitForTimeout(1300); // the 1 s fly-to
    await publicText(dialog).fill('');
    await page.mouse.click(map.x + map.width / 2 - 40, map.y + map.height / 2 - 20);
    await expect.poll(() => publicText(dialog).inputValue()).not.toBe('');
    // The host's own words are never replaced by a later point.
    await publicText(dialog).fill('Buluşma: kapının önü');
    const answered = page.waitForResponse((r) =>
      Boolean(r.request().postData()?.includes('PickerReverseGeocodeQuery')),
    );
    await page.mouse.click(map.x + map.width / 2 + 40, map.y + map.height / 2 + 20);
    await answered;
    await expect.poll(() => picked(dialog)).not.toContain('Adres bulunuyor');
    expect(await publicText(dialog).inputValue()).toBe('Buluşma: kapının önü');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Taksim" after a right-click at Moda: the pick replaces the proposed "Kadıköy"', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email, password);
    const map = page.getByTestId('event-map');
    await map.locator('.leaflet-container').waitFor();
    const search = page.getByPlaceholder('Etkinlik ara, lokasyon gir...');
    await search.fill('moda');
    await search.press('Enter');
    await page.getByTestId('search-place').waitFor();
    await page.waitForTimeout(1300); // the fly-to
    const rect = (await map.boundingBox())!;
    await page.mouse.click(rect.x + rect.width / 2, rect.y + rect.height / 2, { button: 'right' });
    await page.getByRole('menuitem', { name: 'Burada etkinlik oluştur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Etkinlik Oluştur' });
    await dialog.waitFor();
    await toLocationStep(dialog, 'Taksim buluşması', true);
    await expect.poll(() => publicText(dialog).inputValue()).toBe('Kadıköy, İstanbul');

    await searchPlace(dialog, 'Taksim');
    // Listed, not moved: the point is still Moda's.
    expect(await picked(dialog)).toContain('Moda');
    const taksim = dialog
      .getByTestId('picker-results')
      .getByRole('option', { name: /Taksim/ })
      .first();
    await expect.poll(async () => (await taksim.textContent()) ?? '').toContain('Beyoğlu');
    await taksim.click();
    await expect.poll(() => picked(dialog)).toContain('Taksim');
    await expect.poll(() => publicText(dialog).inputValue()).toBe('Beyoğlu, İstanbul');
    await dialog.getByLabel('Tam yer adı *').fill('Taksim Meydanı, anıtın önü');
    await dialog.getByTestId('venue-type').getByRole('radio').nth(1).check();
    await shot(page, 'wizard-location-step-desktop');

    // The preview shows the exact point on a small map next to the public text.
    await next(dialog);
    const place = dialog.getByTestId('wizard-preview-place');
    await place.getByTestId('location-preview-map').locator('.leaflet-marker-icon').waitFor();
    expect(await place.getByTestId('preview-public-location').textContent()).toBe('Beyoğlu, İstanbul');
    await place.scrollIntoViewIfNeeded();
    await shot(page, 'wizard-location-preview-desktop');
    await dialog.getByRole('button', { name: 'Etkinliği Oluştur' }).click();
    await page.getByText('Etkinlik başarıyla oluşturuldu.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "not found" and offers the map; labels a result in another province', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, email, password);
    await page.getByTestId('event-map').locator('.leaflet-container').waitFor();
    const dialog = await openWizard(page, 'Bulunamayan yer denemesi');

    await searchPlace(dialog, 'Qzxwv Plazası');
    const notFound = dialog.getByTestId('picker-not-found');
    expect(await notFound.textContent()).toContain('"Qzxwv Plazası" için bir yer bulunamadı.');
    await notFound.getByRole('button', { name: 'Haritada seç' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="location-picker-map"]'))),
      )
      .toBe(true);
    expect(await picked(dialog)).toContain('Henüz bir nokta seçilmedi.');

    await searchPlace(dialog, 'Çorlu');
    const corlu = dialog.getByTestId('picker-results').getByRole('option', { name: /Çorlu/ }).first();
    expect(await corlu.getByTestId('other-province').textContent()).toBe('Başka il: Tekirdağ');
    expect(await picked(dialog)).toContain('Henüz bir nokta seçilmedi.');
    await context.close();
  });

  it('on a phone: the location step and the preview with its map', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email, password);
    const dialog = await openWizard(page, 'Telefondan Moda buluşması');
    await searchPlace(dialog, 'Moda');
    await shot(page, 'wizard-location-results-phone');
    await dialog.getByTestId('picker-results').getByRole('option', { name: /Moda/ }).first().click();
    await expect.poll(() => publicText(dialog).inputValue()).toBe('Kadıköy, İstanbul');
    await dialog.getByLabel('Tam yer adı *').fill('Moda sahili, çay bahçesi');
    await dialog.getByTestId('venue-type').getByRole('radio').nth(1).check();
    await dialog.getByTestId('location-picker-map').scrollIntoViewIfNeeded();
    await shot(page, 'wizard-location-step-phone');
    await next(dialog);
    const place = dialog.getByTestId('wizard-preview-place');
    await place.getByTestId('location-preview-map').locator('.leaflet-marker-icon').waitFor();
    expect(await place.getByTestId('preview-public-location').textContent()).toBe('Kadıköy, İstanbul');
    await place.scrollIntoViewIfNeeded();
    await shot(page, 'wizard-location-preview-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
