import { eq } from 'drizzle-orm';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, users } from '#db/schema/index.ts';
import { accessToken, confirmedAccount, graphql } from './accounts.ts';
import { launch, MOBILE, newContext, shot, signIn, watchErrors } from './browser.ts';
import { startOwnApp, type OwnApp } from './own-app.ts';

// The safety kit on a phone (issue 30.4, 30.5; ADR 069): the wizard asks where a physical event
// meets, a private home is marked 'Ev ortamı' with tips for its accepted guest, 'Yardım' during the
// event calls 112 and names the public place, and 'Kendimi güvende hissetmedim' after it reaches the
// moderation console first, marked. On an app whose database the test reaches (the event's end).

let browser: Browser;
let own: OwnApp;
beforeAll(async () => {
  browser = await launch();
  own = await startOwnApp();
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
});

type Account = { email: string; password: string; token: string };
const suffix = Math.random().toString(36).slice(2, 7);
const next = (dialog: Locator) => dialog.getByRole('button', { name: /İleri/ }).click();

async function account(): Promise<Account> {
  const a = await confirmedAccount('Squad-e2e-1', own.url);
  return { ...a, token: await accessToken(a.email, a.password, own.url) };
}

// Now and in two days, as Turkey's day and time.
const turkey = (ms: number) => new Date(ms + 3 * 3600_000).toISOString();
const homeInput = (title: string, startMs: number) => ({
  mode: 'PHYSICAL',
  title,
  description: 'Evde kutu oyunları, atıştırmalıklar bizden. Herkes gelebilir.',
  category: 'board-games',
  tags: ['catan'],
  date: turkey(startMs).slice(0, 10),
  time: turkey(startMs).slice(11, 16),
  durationMinutes: 120,
  maxParticipants: 4,
  location: { name: 'Ayşe’nin evi', address: 'Moda, Kadıköy', lat: 40.9869, lng: 29.0259 },
  publicLocation: 'Kadıköy, İstanbul',
  venueType: 'PRIVATE_HOME',
});

const gql = <T>(who: Account, query: string, variables: Record<string, unknown> = {}) =>
  graphql<T>(who.token, query, variables, own.url);

async function createEvent(host: Account, input: Record<string, unknown>) {
  const data = await gql<{ createEvent: { event: { id: string } } }>(
    host,
    'mutation($input: CreateEventInput!) { createEvent(input: $input) { event { id } } }',
    { input },
  );
  return data.createEvent.event.id;
}

async function accepted(host: Account, guest: Account, eventId: string) {
  const asked = await gql<{ requestToJoin: { joinRequest: { id: string } } }>(
    guest,
    'mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }',
    { input: { eventId, message: 'Selam, ben de gelmek isterim!' } },
  );
  await gql(host, 'mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id } } }', {
    id: asked.requestToJoin.joinRequest.id,
  });
}

describe('the safety kit on a phone', () => {
  it('venue step, Ev ortamı and tips, Yardım with 112, and a priority report in the console', async () => {
    const host = await account();
    const guest = await account();
    const mod = await account();
    const hostName = (await gql<{ me: { displayName: string } }>(host, '{ me { displayName } }')).me
      .displayName;

    // The wizard asks a physical host where people meet; step 5 cannot be left without it.
    const hostContext = await newContext(browser, MOBILE, { base: own.url });
    const hostPage = await hostContext.newPage();
    const hostErrors = watchErrors(hostPage);
    await signIn(hostPage, host.email, host.password);
    await hostPage.getByRole('button', { name: 'Etkinlik Oluştur' }).first().click();
    const wizard = hostPage.getByRole('dialog', { name: 'Etkinlik Oluştur' });
    await wizard.getByText('Fiziksel', { exact: true }).click();
    await next(wizard);
    await wizard.getByLabel('Başlık *').fill(`Evde oyun gecesi ${suffix}`);
    await wizard.getByLabel('Açıklama *').fill('Yeni başlayanlara kurallar anlatılır, herkes gelebilir.');
    await wizard.getByLabel('Kategori *').selectOption('Kutu Oyunları & Klasikler');
    await next(wizard);
    await wizard.getByRole('button', { name: '#Catan' }).click();
    await next(wizard);
    await wizard.getByLabel('Tarih *').fill(turkey(Date.now() + 2 * 86_400_000).slice(0, 10));
    await wizard.getByLabel('Saat *').fill('19:30');
    await next(wizard);
    const venue = wizard.getByTestId('venue-type');
    await venue.waitFor();
    expect(await venue.textContent()).toContain('Mekân türü');
    for (const label of ['Kafe / restoran', 'Park / meydan', 'Spor tesisi', 'Kampüs', 'Ev ortamı', 'Diğer'])
      expect(await venue.getByLabel(label).count()).toBe(1);
    // Without a choice, 'İleri' shows what is missing.
    await next(wizard);
    await venue.getByText('Bu alan zorunlu').waitFor();
    await venue.getByLabel('Ev ortamı').check();
    expect(await venue.getByLabel('Ev ortamı').isChecked()).toBe(true);
    await venue.scrollIntoViewIfNeeded();
    await shot(hostPage, 'safety-wizard-venue-phone');
    expect(hostErrors).toEqual([]);
    await hostContext.close();

    // An event at a home that starts now, with the guest accepted; and an upcoming one for the card.
    const title = `Ev oyun akşamı ${suffix}`;
    const id = await createEvent(host, homeInput(title, Date.now()));
    await accepted(host, guest, id);
    const laterTitle = `Haftaya ev akşamı ${suffix}`;
    await createEvent(host, homeInput(laterTitle, Date.now() + 2 * 86_400_000));

    // The guest lives in Kadıköy: their map opens there (a phone's map shows a few kilometres, and the
    // list shows what the map's area holds).
    await gql(
      guest,
      'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { id } } }',
      { input: { city: 'İstanbul', district: 'Kadıköy' } },
    );
    const guestContext = await newContext(browser, MOBILE, { base: own.url });
    const page = await guestContext.newPage();
    const errors = watchErrors(page);
    await signIn(page, guest.email, guest.password);
    // The card marks the private home. On a phone the map and the list take turns: the list is not
    // drawn until its 'Liste' toggle is tapped.
    await page.getByPlaceholder('Etkinlik ara, lokasyon gir...').fill(laterTitle);
    await page.getByRole('group', { name: 'Görünüm' }).getByRole('button', { name: /Liste/ }).click();
    const card = page.getByTestId('event-card').filter({ hasText: laterTitle });
    await card.getByTestId('home-venue-badge').waitFor();
    expect(await card.getByTestId('home-venue-badge').textContent()).toContain('Ev ortamı');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'safety-home-card-phone');

    // During the event: the badge, the tips for the accepted guest, and Yardım.
    await page.goto(`/dashboard/eventDetails/${id}`);
    const safety = page.getByTestId('event-safety');
    await safety.getByTestId('home-venue-badge').waitFor();
    const tips = safety.getByTestId('home-tips');
    expect(await tips.textContent()).toContain('İlk buluşmayı mümkünse herkese açık bir yerde yap.');
    expect(await tips.textContent()).toContain('bir arkadaşına söyle');
    expect(await tips.textContent()).toContain('Kendi ulaşımını ayarla');
    await safety.scrollIntoViewIfNeeded();
    await shot(page, 'safety-home-tips-phone');
    await safety.getByTestId('help-button').click();
    const help = page.getByRole('dialog', { name: 'Yardım' });
    const call = help.getByTestId('call-112');
    expect(await call.getAttribute('href')).toBe('tel:112');
    expect(await call.textContent()).toContain('112’yi ara');
    expect(await help.getByTestId('help-place').textContent()).toContain('Kadıköy, İstanbul');
    await shot(page, 'safety-help-dialog-phone');
    await help.getByRole('button', { name: 'Kapat' }).first().click();
    // Not offered before the end.
    expect(await page.getByTestId('unsafe-button').count()).toBe(0);

    // It ended an hour ago: Yardım is gone, the report is offered.
    await own.app.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 3 * 3600_000), endsAt: new Date(Date.now() - 3600_000) })
      .where(eq(events.id, id));
    await page.reload();
    await page.getByTestId('unsafe-button').click();
    const report = page.getByRole('dialog', { name: 'Kendimi güvende hissetmedim' });
    await report.getByLabel(`Ev sahibi: ${hostName}`).check();
    await report.getByLabel('Taciz').check();
    await report.getByLabel('Açıklama (isteğe bağlı)').fill('Kapıyı kilitledi, çıkmama izin vermedi.');
    await shot(page, 'safety-unsafe-dialog-phone');
    await report.getByTestId('unsafe-submit').click();
    await page.getByText('Bildirimin alındı. Moderatörler öncelikle inceleyecek.').waitFor();
    expect(await page.getByTestId('help-button').count()).toBe(0);
    expect(await page.getByTestId('unsafe-button').count()).toBe(0);
    expect(errors).toEqual([]);
    await guestContext.close();

    // A newer ordinary report, then the moderator's console: the priority one first, marked.
    const hostId = (await gql<{ me: { id: string } }>(host, '{ me { id } }')).me.id;
    await gql(mod, 'mutation($input: ReportUserInput!) { reportUser(input: $input) { report { id } } }', {
      input: { userId: hostId, reason: 'SPAM' },
    });
    const [modRow] = await own.app.database.db
      .update(users)
      .set({ role: 'moderator' })
      .where(eq(users.email, mod.email))
      .returning({ sub: users.sub });
    own.app.services.users.forget(modRow.sub);
    const modContext = await newContext(browser, MOBILE, { base: own.url });
    const modPage = await modContext.newPage();
    await signIn(modPage, mod.email, mod.password);
    await modPage.goto('/admin');
    const first = modPage.getByTestId('reports-queue').getByTestId('report-card').first();
    await first.getByTestId('priority-mark').waitFor();
    expect(await first.textContent()).toContain('Öncelikli');
    expect(await first.textContent()).toContain('Kapıyı kilitledi');
    expect(await first.textContent()).toContain(title);
    expect(await modPage.getByTestId('priority-mark').count()).toBe(1);
    await shot(modPage, 'safety-console-priority-phone');
    await modContext.close();
  });
});
