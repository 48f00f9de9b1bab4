import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, tokenPurchases, users } from '#db/schema/index.ts';
import { accessToken, confirmedAccount, graphql, mailsTo } from './accounts.ts';
import { launch, newContext, shot, signIn, watchErrors } from './browser.ts';
import { startOwnApp, type OwnApp } from './own-app.ts';

// Issue 18 in the browser: the wizard's footer at any height and its drafts, the host's rank in the
// lobby, finished and cancelled events, and analytics with less than two days of data.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const next = (dialog: Locator) => dialog.getByRole('button', { name: /İleri/ }).click();
const suffix = Math.random().toString(36).slice(2, 7);

function inDays(days: number): string {
  return new Date(Date.now() + 3 * 3600_000 + days * 24 * 3600_000).toISOString().slice(0, 10);
}

const CREATE = `mutation($input: CreateEventInput!) { createEvent(input: $input) { event { id } } }`;
const REQUEST = `mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }`;
const ACCEPT = `mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id } } }`;

const physicalInput = (title: string) => ({
  mode: 'PHYSICAL',
  title,
  description: 'Moda sahilde akşam buluşması, herkes gelebilir.',
  category: 'social',
  tags: ['kahve-sohbeti'],
  date: inDays(2),
  time: '19:00',
  durationMinutes: 90,
  maxParticipants: 6,
  location: { name: 'Moda Çay Bahçesi', address: 'Moda, Kadıköy', lat: 40.9833, lng: 29.0254 },
  publicLocation: 'Kadıköy, İstanbul',
});

const onlineInput = (title: string) => ({
  mode: 'ONLINE',
  title,
  description: 'Akşam ranked maçları, mikrofon şart.',
  category: 'popular-games',
  tags: ['valorant', 'ranked'],
  date: inDays(1),
  time: '21:00',
  durationMinutes: 120,
  maxParticipants: 5,
  platform: 'valorant',
  voiceChat: 'REQUIRED',
  skillLevel: 'INTERMEDIATE',
});

type Account = { email: string; password: string; token: string };
async function account(base?: string): Promise<Account> {
  const a = await confirmedAccount('Squad-e2e-1', base);
  return { ...a, token: await accessToken(a.email, a.password, base) };
}

async function createEvent(host: Account, input: Record<string, unknown>, base?: string) {
  const data = await graphql<{ createEvent: { event: { id: string } } }>(host.token, CREATE, { input }, base);
  return data.createEvent.event.id;
}

async function acceptedParticipant(host: Account, who: Account, eventId: string, base?: string) {
  const asked = await graphql<{ requestToJoin: { joinRequest: { id: string } } }>(
    who.token,
    REQUEST,
    { input: { eventId, message: 'Ben de varım' } },
    base,
  );
  await graphql(host.token, ACCEPT, { id: asked.requestToJoin.joinRequest.id }, base);
}

// The footer's buttons lie inside the window.
async function footerInView(page: Page, dialog: Locator) {
  const viewport = page.viewportSize()!;
  const footer = await dialog.getByTestId('wizard-footer').boundingBox();
  const nextButton = await dialog.getByRole('button', { name: /İleri|Etkinliği Oluştur/ }).boundingBox();
  expect(footer).not.toBeNull();
  expect(nextButton!.y).toBeGreaterThanOrEqual(0);
  expect(nextButton!.y + nextButton!.height).toBeLessThanOrEqual(viewport.height);
}

describe('events polish (issue 18)', () => {
  it('keeps the wizard footer in view at 1440x900 and 640 px high, saves a draft, resumes and publishes it', async () => {
    const host = await account();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, host.email, host.password);
    await page.getByTestId('token-balance').getByText('5').waitFor();

    const title = `Taslak buluşma ${suffix}`;
    await page.getByRole('button', { name: 'Etkinlik Oluştur' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Etkinlik Oluştur' });
    await dialog.waitFor();
    // No draft before a type is chosen.
    expect(await dialog.getByRole('button', { name: /Taslak olarak kaydet/ }).count()).toBe(0);
    await dialog.getByText('Fiziksel', { exact: true }).click();
    await next(dialog);
    await dialog.getByLabel('Başlık *').fill(title);
    await dialog.getByLabel('Açıklama *').fill('Moda sahilde çay ve sohbet; yeni gelenlere tanışma turu.');
    await dialog.getByLabel('Kategori *').selectOption('Sosyal & Hobi');
    await next(dialog);
    await dialog.getByRole('button', { name: '#Kahve Sohbeti' }).click();
    await next(dialog);
    await dialog.getByLabel('Tarih *').fill(inDays(3));
    await dialog.getByLabel('Saat *').fill('18:30');
    await next(dialog);

    // Step 5 at 1440x900: the map makes the step tall, the footer stays in view.
    await dialog.getByTestId('location-picker-map').locator('.leaflet-container').waitFor();
    await dialog.getByPlaceholder('Örn. Moda, Kadıköy').fill('Kadıköy');
    await dialog.getByRole('button', { name: 'Ara', exact: true }).click();
    await dialog
      .getByTestId('picker-results')
      .getByRole('option', { name: /Kadıköy/ })
      .first()
      .click();
    await expect.poll(() => dialog.getByTestId('picked-location').textContent()).toContain('Kadıköy');
    await page.waitForTimeout(1300); // the 1 s fly-to
    const map = (await dialog.getByTestId('location-picker-map').boundingBox())!;
    await page.mouse.click(map.x + map.width / 2 + 30, map.y + map.height / 2);
    await expect.poll(() => dialog.getByLabel('Herkese açık konum *').inputValue()).toMatch(/İstanbul/);
    await footerInView(page, dialog);
    await shot(page, 'wizard-step5-1440x900');

    // 640 px high: the step scrolls, the footer does not.
    await page.setViewportSize({ width: 1440, height: 640 });
    await footerInView(page, dialog);
    const body = dialog.getByTestId('dialog-body');
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await footerInView(page, dialog);
    await shot(page, 'wizard-step5-640');

    // Saved as a draft without a place name yet: no token spent.
    await dialog.getByRole('button', { name: /Taslak olarak kaydet/ }).click();
    await page.getByText('Taslak kaydedildi.', { exact: false }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('token-balance').getByText('5').waitFor();

    await page.goto('/dashboard/my-events');
    await page.getByRole('tab', { name: 'Taslaklar' }).click();
    const card = page.getByTestId('draft-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.textContent()).toContain('Adım 5/6');
    await shot(page, 'my-events-drafts');

    // Resumed on step 5 with what was filled in; finished and published for one token.
    await card.getByRole('button', { name: /Devam et/ }).click();
    const resumed = page.getByRole('dialog', { name: 'Etkinlik Oluştur' });
    await resumed.waitFor();
    expect(await resumed.getByTestId('event-wizard').getAttribute('data-step')).toBe('5');
    expect(await resumed.getByLabel('Herkese açık konum *').inputValue()).not.toBe('');
    await resumed.getByLabel('Tam yer adı *').fill('Moda Çay Bahçesi');
    await resumed.getByTestId('venue-type').getByLabel('Kafe / restoran').check(); // required (ADR 069)
    await next(resumed);
    await resumed.getByTestId('wizard-preview').getByText(title).waitFor();
    await resumed.getByRole('button', { name: 'Etkinliği Oluştur' }).click();
    await page.getByText('Etkinlik başarıyla oluşturuldu.').waitFor();
    await page.getByTestId('token-balance').getByText('4').waitFor();
    await page.getByRole('tab', { name: 'Taslaklar' }).click();
    await page.getByText('Etkinlik taslaklarını daha sonrası için burada sakla.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the host’s rank on lobby cards and in the join dialog; the lobby search finds the host', async () => {
    const host = await account();
    const fan = await account();
    const player = await account();
    // One participant makes the host Bronze.
    const first = await createEvent(host, onlineInput(`Isınma turu ${suffix}`));
    await acceptedParticipant(host, fan, first);
    const title = `Gece ranked ${suffix}`;
    await createEvent(host, onlineInput(title));
    const hostName = host.email.split('@')[0];

    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, player.email, player.password);
    await page.goto('/dashboard/online');
    await page.getByTestId('lobby-stats').waitFor();
    expect(await page.getByTestId('lobby-stats').textContent()).toContain('Açık oyun');
    // Search by the host's name (the lobby promises gamertags), not the title.
    await page.getByPlaceholder('Oyun, platform ya da oyuncu adı ara...').fill(hostName);
    const card = page.getByTestId('lobby-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.getByTestId('host-rank').getAttribute('data-rank')).toBe('BRONZE');
    expect(await card.getByTestId('host-rank').textContent()).toContain('Bronz');
    await shot(page, 'lobby-host-rank');

    await card.getByRole('button', { name: /OYUNA KATIL/ }).click();
    const dialog = page.getByTestId('join-dialog');
    await dialog.getByTestId('join-host').getByTestId('host-rank').waitFor();
    expect(await dialog.getByTestId('join-host').textContent()).toContain('Bronz');
    await shot(page, 'join-dialog-host-rank');
    await context.close();
  });

  it('reads a cancelled event as cancelled to its participant, who was also e-mailed', async () => {
    const host = await account();
    const guest = await account();
    const title = `İptal edilen buluşma ${suffix}`;
    const id = await createEvent(host, physicalInput(title));
    await acceptedParticipant(host, guest, id);
    await graphql(
      host.token,
      'mutation($id: ID!) { cancelEvent(input: {id: $id, reason: "Yağmur"}) { event { id } } }',
      {
        id,
      },
    );

    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, guest.email, guest.password);
    await page.goto(`/dashboard/eventDetails/${id}`);
    await page.getByTestId('event-closed').getByText('Bu etkinlik iptal edildi.', { exact: false }).waitFor();
    expect(await page.getByTestId('join-status').getAttribute('data-state')).toBe('closed');
    expect(await page.getByText('Görüşmek üzere!', { exact: false }).count()).toBe(0);
    await shot(page, 'event-cancelled');

    await page.goto('/dashboard/my-events');
    await page.getByRole('tab', { name: 'Geçmiş' }).click();
    const card = page.getByTestId('my-event-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.textContent()).toContain('İptal edildi');
    await shot(page, 'my-events-cancelled');

    await expect
      .poll(async () => (await mailsTo(guest.email)).map((m) => m.subject), { timeout: 10_000 })
      .toContain(`"${title}" iptal edildi`);

    // The e-mail has its own switch in the settings (on until turned off).
    await page.goto('/dashboard/settings');
    const mails = page.getByTestId('notification-settings');
    const changes = mails.getByRole('switch', {
      name: /Katıldığım ya da istek gönderdiğim etkinliklerin iptali/,
    });
    await changes.waitFor();
    expect(await changes.isChecked()).toBe(true);
    await changes.click();
    await page.getByText('Bildirim tercihlerin kaydedildi').first().waitFor();
    await mails.scrollIntoViewIfNeeded();
    await shot(page, 'settings-event-change-emails');
    const saved = await graphql<{ me: { notificationPreferences: { emailEventChanges: boolean } } }>(
      guest.token,
      '{ me { notificationPreferences { emailEventChanges } } }',
    );
    expect(saved.me.notificationPreferences.emailEventChanges).toBe(false);
    await context.close();
  });

  it('says the analytics chart needs two days on an event created today', async () => {
    const host = await account();
    const viewer = await account();
    const id = await createEvent(host, physicalInput(`Analiz denemesi ${suffix}`));
    await graphql(viewer.token, 'mutation($id: ID!) { recordEventView(input: {id: $id}) { counted } }', {
      id,
    });

    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/eventDetails/${id}`);
    await page.getByRole('tab', { name: 'Analiz' }).click();
    await page.getByTestId('views-chart-short').waitFor();
    expect(await page.getByTestId('views-chart-short').textContent()).toContain('en az 2 günlük veri');
    expect(await page.getByTestId('views-chart').count()).toBe(0);
    expect(await page.getByTestId('analytics-views').textContent()).toContain('1');
    await shot(page, 'analytics-one-day');
    await context.close();
  });
});

describe('a finished event (an app whose database the test reaches)', () => {
  let own: OwnApp;
  beforeAll(async () => {
    own = await startOwnApp();
  });
  afterAll(() => own?.close());

  it('tells a participant they took part, not "Görüşmek üzere!", on the page and in My Events', async () => {
    const host = await account(own.url);
    const guest = await account(own.url);
    const title = `Biten buluşma ${suffix}`;
    const id = await createEvent(host, physicalInput(title), own.url);
    await acceptedParticipant(host, guest, id, own.url);
    // It took place yesterday.
    await own.app.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 26 * 3600_000), endsAt: new Date(Date.now() - 24 * 3600_000) })
      .where(eq(events.id, id));

    const context = await newContext(browser, undefined, { base: own.url });
    const page = await context.newPage();
    await signIn(page, guest.email, guest.password);
    await page.goto(`/dashboard/eventDetails/${id}`);
    await page.getByTestId('event-closed').getByText('Bu etkinlik sona erdi.').waitFor();
    expect(await page.getByTestId('join-status').getAttribute('data-state')).toBe('attended');
    expect(await page.getByTestId('join-status').textContent()).toContain('Bu etkinliğe katıldın');
    expect(await page.getByText('Görüşmek üzere!', { exact: false }).count()).toBe(0);
    // Not rated yet: the results say so in Turkish, not 'N/A' (issue 27).
    const results = page.getByTestId('event-results');
    await expect.poll(() => results.textContent()).toContain('Henüz yok');
    expect(await results.textContent()).not.toContain('N/A');
    await shot(page, 'event-completed');

    await page.goto('/dashboard/my-events');
    await page.getByRole('tab', { name: 'Geçmiş' }).click();
    const card = page.getByTestId('my-event-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.textContent()).toContain('Tamamlandı');
    await shot(page, 'my-events-completed');
    await context.close();
  });

  it('marks events of a host with a valid Enterprise package "Öne çıkan" and lists them first', async () => {
    const host = await account(own.url);
    const other = await account(own.url);
    const player = await account(own.url);
    await createEvent(other, onlineInput(`Sıradan lobi ${suffix}`), own.url);
    const title = `Öne çıkan lobi ${suffix}`;
    await createEvent(host, { ...onlineInput(title), date: inDays(4) }, own.url);
    // Enterprise bought 10 days ago (the checkout itself has its own tests).
    const [row] = await own.app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, host.email));
    const paidAt = new Date(Date.now() - 10 * 24 * 3600_000);
    await own.app.database.db.insert(tokenPurchases).values({
      userId: row.id,
      packageId: 'enterprise',
      tokens: 50,
      bonusTokens: 10,
      amountCents: 6999,
      provider: 'sandbox',
      status: 'paid',
      createdAt: paidAt,
      expiresAt: new Date(paidAt.getTime() + 3600_000),
      paidAt,
    });

    const context = await newContext(browser, undefined, { base: own.url });
    const page = await context.newPage();
    await signIn(page, player.email, player.password);
    await page.goto('/dashboard/online');
    const first = page.getByTestId('lobby-card').first();
    await first.getByTestId('featured-badge').waitFor();
    expect(await first.textContent()).toContain(title);
    expect(await first.getByTestId('featured-badge').textContent()).toContain('Öne çıkan');
    await shot(page, 'lobby-featured');
    await context.close();
  });
});
