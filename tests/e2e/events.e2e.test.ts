import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedAccount } from './accounts.ts';
import { launch, newContext, shot, watchErrors, signIn } from './browser.ts';

// The events UI end to end: the create wizard (map click, address search), the map and the list,
// the filters, the lobby, event details and edit. The server runs on its embedded defaults without
// demo data; external requests (map tiles) are blocked, as on a machine without internet.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const next = (dialog: Locator) => dialog.getByRole('button', { name: /İleri/ }).click();

const REQUIRED = 'Lütfen tüm gerekli alanları doldurun.';

// 'İleri' on an incomplete step: the 'Lütfen tüm gerekli alanları doldurun.' toast, and the step stays.
// An earlier toast is let go first (5 s), so the one counted is surely the new one.
async function nextIsRefused(dialog: Locator) {
  await expect.poll(() => dialog.getByText(REQUIRED).count(), { timeout: 8000 }).toBe(0);
  const step = await dialog.getByTestId('event-wizard').getAttribute('data-step');
  await next(dialog);
  await expect.poll(() => dialog.getByText(REQUIRED).count()).toBe(1);
  expect(await dialog.getByTestId('event-wizard').getAttribute('data-step')).toBe(step);
}

function tomorrowInTurkey(): string {
  const now = new Date(Date.now() + 3 * 3600_000 + 24 * 3600_000);
  return now.toISOString().slice(0, 10);
}

async function foundCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('events-found').textContent()) ?? '';
  return Number(/(\d+)/.exec(text.replace(/\./g, ''))?.[1] ?? NaN);
}

async function expectFound(page: Page, count: number) {
  await expect.poll(() => foundCount(page), { timeout: 10_000 }).toBe(count);
}

describe('events', () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const physicalTitle = `Moda kutu oyunu ${suffix}`;
  const onlineTitle = `Valorant ranked ${suffix}`;
  let physicalUrl = '';
  let hostAccount: { email: string; password: string } | null = null;

  it('creates a physical event through the wizard (address search, map click) and finds it on the map and in the list', async () => {
    hostAccount = await confirmedAccount();
    const { email, password } = hostAccount;
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email, password);
    await page.getByTestId('token-balance').getByText('5').waitFor();
    await page.getByTestId('event-map').locator('.leaflet-container').waitFor();

    await page.getByRole('button', { name: 'Etkinlik Oluştur' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Etkinlik Oluştur' });
    await dialog.waitFor();
    // 'İleri' without a type: the error toast, still on step 1.
    await nextIsRefused(dialog);
    expect(await dialog.getByTestId('event-wizard').getAttribute('data-step')).toBe('1');
    await expect.poll(() => dialog.getByRole('button', { name: /Geri/ }).isDisabled()).toBe(true);

    await dialog.getByText('Fiziksel', { exact: true }).click();
    await next(dialog);
    await dialog.getByLabel('Başlık *').fill(physicalTitle);
    await dialog.getByLabel('Açıklama *').fill('Catan ve Carcassonne; yeni başlayanlara kurallar anlatılır.');
    await dialog.getByLabel('Kategori *').selectOption('Kutu Oyunları & Klasikler');
    await next(dialog);
    await dialog.getByRole('button', { name: '#Catan' }).click();
    await next(dialog);
    await dialog.getByLabel('Tarih *').fill(tomorrowInTurkey());
    await dialog.getByLabel('Saat *').fill('19:30');
    await next(dialog);

    // Step 5: the search button waits for text; the address search flies to the place.
    const picker = dialog.getByTestId('location-picker-map');
    await picker.locator('.leaflet-container').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Ara', exact: true }).isDisabled()).toBe(true);
    await dialog.getByPlaceholder('Örn. Moda, Kadıköy').fill('Kadıköy');
    await dialog.getByRole('button', { name: 'Ara', exact: true }).click();
    // The results are a list; the point moves when one is picked (issue 27).
    await dialog
      .getByTestId('picker-results')
      .getByRole('option', { name: /Kadıköy/ })
      .first()
      .click();
    await expect.poll(() => dialog.getByTestId('picked-location').textContent()).toContain('Kadıköy');
    await page.waitForTimeout(1300); // the 1 s fly-to
    // A click on the map picks that point; it is reverse geocoded and suggests the public text.
    const box = (await picker.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 30, box.y + box.height / 2);
    await expect.poll(() => dialog.getByTestId('picked-location').textContent()).toMatch(/İstanbul/);
    await expect.poll(() => dialog.getByLabel('Herkese açık konum *').inputValue()).toMatch(/İstanbul/);
    await shot(page, 'events-wizard-location');
    await nextIsRefused(dialog); // the place name is missing
    await dialog.getByLabel('Tam yer adı *').fill('Moda Kafe');
    await dialog.getByTestId('venue-type').getByLabel('Kafe / restoran').check(); // required (ADR 069)
    await next(dialog);
    await dialog.getByTestId('wizard-preview').getByText(physicalTitle).waitFor();
    expect(await dialog.getByTestId('wizard-balance').textContent()).toBe('5');
    await dialog.getByRole('button', { name: 'Etkinliği Oluştur' }).click();
    await page.getByText('Etkinlik başarıyla oluşturuldu.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('token-balance').getByText('4').waitFor();

    // The list and the map: the host sees the exact point, a marker titled with the event.
    await page.getByPlaceholder('Etkinlik ara, lokasyon gir...').fill(suffix);
    await expectFound(page, 1);
    const card = page.getByTestId('event-card').filter({ hasText: physicalTitle });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('Ücretsiz');
    const marker = page.locator(`.leaflet-marker-icon[title="${physicalTitle}"]`);
    await marker.waitFor();
    await marker.click();
    await page.getByTestId('map-popup').getByText(physicalTitle).waitFor();
    await shot(page, 'events-physical-found');

    // Filtered out by a quick chip (not competitive), and back in.
    await page.getByRole('button', { name: /Filtreler/ }).click();
    await page.getByTestId('physical-filters').getByRole('button', { name: 'Rekabetçi' }).click();
    await expectFound(page, 0);
    await page.getByTestId('physical-filters').getByRole('button', { name: 'Rekabetçi' }).click();
    await expectFound(page, 1);
    // By category: another category hides it, its own shows it.
    await page.getByTestId('physical-filters').getByLabel('Kategori').selectOption('Spor');
    await expectFound(page, 0);
    await page
      .getByTestId('physical-filters')
      .getByLabel('Kategori')
      .selectOption('Kutu Oyunları & Klasikler');
    await expectFound(page, 1);

    // Right-click on the map: 'Burada etkinlik oluştur' opens the wizard at that point.
    await page.getByRole('button', { name: /Filtreler/ }).click();
    await page.getByTestId('physical-filters').waitFor({ state: 'detached' });
    const map = (await page.getByTestId('event-map').boundingBox())!;
    await page.mouse.click(map.x + 120, map.y + 160, { button: 'right' });
    await page.getByRole('menuitem', { name: 'Burada etkinlik oluştur' }).click();
    await dialog.waitFor();
    expect(await dialog.getByTestId('event-wizard').getAttribute('data-step')).toBe('1');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('link', { name: physicalTitle }).click();
    await page.waitForURL('**/dashboard/eventDetails/**');
    physicalUrl = new URL(page.url()).pathname;
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates an online event from the lobby and finds it with the lobby filters', async () => {
    const { email, password } = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email, password);
    await page.goto('/dashboard/online');
    await page.getByTestId('lobby-stats').waitFor();

    await page.getByRole('button', { name: 'Etkinlik Oluştur' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Etkinlik Oluştur' });
    await dialog.waitFor();
    // Opened from the lobby: the online type is preset.
    expect(await dialog.getByRole('radio', { name: /Online/ }).isChecked()).toBe(true);
    await next(dialog);
    await dialog.getByLabel('Başlık *').fill(onlineTitle);
    await dialog.getByLabel('Açıklama *').fill('Gold ve üstü oyuncularla ranked, iletişim şart.');
    await dialog.getByLabel('Kategori *').selectOption('Popüler Oyunlar');
    await next(dialog);
    await dialog.getByRole('button', { name: '#Valorant' }).click();
    await next(dialog);
    await dialog.getByRole('button', { name: '1 saat', exact: true }).click();
    await dialog.getByTestId('quick-start').waitFor();
    await next(dialog);
    await nextIsRefused(dialog); // no platform yet
    await dialog.getByRole('button', { name: 'Valorant', exact: true }).click();
    await dialog
      .getByRole('button', { name: /Zorunlu/ })
      .first()
      .click();
    await dialog.getByLabel('Seviye').selectOption('ADVANCED');
    await next(dialog);
    await dialog.getByRole('button', { name: 'Etkinliği Oluştur' }).click();
    await page.getByText('Etkinlik başarıyla oluşturuldu.').waitFor();

    await page.getByPlaceholder('Oyun, platform ya da oyuncu adı ara...').fill(suffix);
    await expectFound(page, 1);
    const card = page.getByTestId('lobby-card').filter({ hasText: onlineTitle });
    await card.getByText('MİK').waitFor();
    await card.getByText('İleri', { exact: true }).waitFor();

    await page.getByRole('button', { name: /Filtreler/ }).click();
    const panel = page.getByTestId('lobby-filters');
    await panel.getByRole('button', { name: 'MOBA' }).click();
    await expectFound(page, 0);
    await panel.getByRole('button', { name: 'FPS' }).click();
    await expectFound(page, 1);
    await panel.getByRole('button', { name: 'Xbox' }).click();
    await expectFound(page, 0);
    await panel.getByRole('button', { name: 'Xbox' }).click();
    await panel.getByRole('button', { name: 'PC' }).click();
    await expectFound(page, 1);
    await page.getByRole('button', { name: 'Mikrofon Şart' }).click();
    await expectFound(page, 1);
    await page.getByRole('button', { name: 'Yeni Başlayana Uygun' }).click();
    await expectFound(page, 0);
    await page.getByRole('button', { name: 'Yeni Başlayana Uygun' }).click();
    await expectFound(page, 1);
    await shot(page, 'events-lobby-found');

    // From the lobby to the event's details: the header stays in online mode, and its Create Event
    // opens the wizard for an online event.
    await card.locator('a[href*="/dashboard/eventDetails/"]').first().click();
    await page.waitForURL('**/dashboard/eventDetails/**');
    await page.getByRole('heading', { name: onlineTitle, level: 1 }).waitFor();
    await page.locator('[role="radiogroup"][data-mode="online"]').first().waitFor();
    await page.getByRole('button', { name: 'Etkinlik Oluştur' }).first().click();
    const again = page.getByRole('dialog', { name: 'Etkinlik Oluştur' });
    await again.waitFor();
    expect(await again.getByRole('radio', { name: /Online/ }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the event details for host and guest, and the host edits the event', async () => {
    expect(physicalUrl).toMatch(/^\/dashboard\/eventDetails\//);
    const eventId = physicalUrl.split('/').pop()!;

    // Another user: no Edit Event, no host tabs, and the edit page says why.
    const guest = await confirmedAccount();
    const guestContext = await newContext(browser);
    const guestPage = await guestContext.newPage();
    await signIn(guestPage, guest.email, guest.password);
    await guestPage.goto(physicalUrl);
    await guestPage.getByRole('heading', { name: physicalTitle }).waitFor();
    expect(await guestPage.getByRole('link', { name: /Etkinliği Düzenle/ }).count()).toBe(0);
    expect(await guestPage.getByRole('tab', { name: 'Analiz' }).count()).toBe(0);
    await guestPage.getByTestId('save-button').click();
    await expect.poll(() => guestPage.getByTestId('save-button').getAttribute('aria-pressed')).toBe('true');
    await guestPage.goto(`/dashboard/editEvent/${eventId}`);
    await guestPage.getByText('Bu etkinliği yalnızca host’u düzenleyebilir.').waitFor();
    await guestContext.close();

    // The host: analytics and requests tabs, share, then edit.
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, hostAccount!.email, hostAccount!.password);
    await page.goto(physicalUrl);
    await page.getByRole('heading', { name: physicalTitle }).waitFor();
    // The host sees the exact place.
    await expect.poll(() => page.getByTestId('event-place').textContent()).toContain('Moda Kafe');
    await page.getByRole('tab', { name: 'Analiz' }).click();
    await page.getByTestId('analytics-panel').waitFor();
    // The guest's visit and save are counted; one day of data is no chart yet, and it says so.
    await page.getByTestId('views-chart-short').getByText('1 görüntülenme', { exact: false }).waitFor();
    await shot(page, 'events-details-analytics');
    await page.getByRole('tab', { name: /İstekler/ }).click();
    await page.getByText('Bekleyen istek yok').waitFor();

    await page.getByRole('button', { name: /Paylaş/ }).click();
    await page.getByRole('button', { name: /Bağlantıyı Kopyala/ }).click();
    await page.getByRole('button', { name: /Kopyalandı!/ }).waitFor();
    // The shared link is the public page, which a signed-out friend can open (issue 27).
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(page.url()).origin}/e/${physicalUrl.split('/').pop()}`);
    await shot(page, 'events-share-dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: /Etkinliği Düzenle/ }).click();
    await page.waitForURL('**/dashboard/editEvent/**');
    const edited = `${physicalTitle} (güncel)`;
    await page.getByLabel('Başlık *').fill(edited);
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: /İleri/ }).click();
    await page.getByTestId('wizard-preview').getByText(edited).waitFor();
    await page.getByRole('button', { name: 'Değişiklikleri Kaydet' }).click();
    await page.getByText('Etkinlik güncellendi.').waitFor();
    await page.waitForURL(`**${physicalUrl}`);
    await page.getByRole('heading', { name: edited }).waitFor();
    await shot(page, 'events-details-edited');
    expect(errors).toEqual([]);
    await context.close();
  });
});
