import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, confirmedAccount, graphql } from './accounts.ts';
import { baseUrl, launch, MOBILE, newContext, SCREENSHOTS, shot, signIn, watchErrors } from './browser.ts';

// The event lifecycle end to end (issue 15): a full event's waitlist offer arriving live and taken;
// a weekly series made in the wizard appearing as its occurrences; a shared link opened signed out
// showing the public page and coming back to the event after sign-in; the host's queue, attendance
// and calendar buttons.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const dayInTurkey = (offsetDays: number) =>
  new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function createEvent(token: string, overrides: Record<string, unknown> = {}) {
  const data = await graphql<{ createEvent: { event: { id: string } } }>(
    token,
    `
      mutation CreateForLifecycleE2E($input: CreateEventInput!) {
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
        title: 'Moda’da halı saha',
        description: 'Akşam 5v5, seviye fark etmez; krampon getir.',
        category: 'sports',
        tags: ['hali-saha'],
        date: dayInTurkey(2),
        time: '20:00',
        durationMinutes: 90,
        maxParticipants: 2,
        location: { name: 'Moda Sahası', address: 'Caferağa, Moda Cd., Kadıköy', lat: 40.9869, lng: 29.0259 },
        publicLocation: 'Kadıköy, İstanbul',
        ...overrides,
      },
    },
  );
  return data.createEvent.event.id;
}

async function join(eventId: string, hostToken: string, guestToken: string) {
  const asked = await graphql<{ requestToJoin: { joinRequest: { id: string } } }>(
    guestToken,
    `
      mutation AskLifecycleE2E($input: RequestToJoinInput!) {
        requestToJoin(input: $input) {
          joinRequest {
            id
          }
        }
      }
    `,
    { input: { eventId, message: 'Ben de gelirim!' } },
  );
  await graphql(
    hostToken,
    `
      mutation AcceptLifecycleE2E($id: ID!) {
        acceptRequest(input: { id: $id }) {
          joinRequest {
            status
          }
        }
      }
    `,
    {
      id: asked.requestToJoin.joinRequest.id,
    },
  );
}

const state = (panel: Locator) => panel.getAttribute('data-state');

// A physical event starting now (the wizard allows a few minutes back), so already under way, with
// its host and one accepted guest.
async function underWayWithGuest(title: string) {
  const host = await confirmedAccount();
  const guest = await confirmedAccount();
  const hostToken = await accessToken(host.email, host.password);
  const guestToken = await accessToken(guest.email, guest.password);
  const now = new Date(Date.now() + 3 * 3600_000).toISOString();
  const eventId = await createEvent(hostToken, {
    title,
    date: now.slice(0, 10),
    time: now.slice(11, 16),
    durationMinutes: 60,
  });
  await join(eventId, hostToken, guestToken);
  return { host, guest, hostToken, guestToken, eventId };
}

describe('event lifecycle', () => {
  it('a waitlisted user gets the offer live when a participant leaves, and takes the place', async () => {
    const host = await confirmedAccount();
    const [p1, p2, waiting] = [await confirmedAccount(), await confirmedAccount(), await confirmedAccount()];
    const hostToken = await accessToken(host.email, host.password);
    const p1Token = await accessToken(p1.email, p1.password);
    const eventId = await createEvent(hostToken);
    await join(eventId, hostToken, p1Token);
    await join(eventId, hostToken, await accessToken(p2.email, p2.password));

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, waiting.email, waiting.password);
    await page.goto(`/dashboard/eventDetails/${eventId}`);
    const panel = page.getByTestId('join-status');
    await expect.poll(() => state(panel)).toBe('full');
    await page.getByTestId('calendar-buttons').getByRole('button', { name: '.ics indir' }).waitFor();
    await shot(page, 'lifecycle-waitlist-full');
    await page.getByTestId('join-waitlist').click();
    const dialog = page.getByTestId('join-dialog');
    await dialog.getByText('Etkinlik şu an dolu').waitFor();
    await dialog.getByRole('button', { name: 'İstek Gönder' }).click();
    await page.getByText('Bekleme listesi isteğin gönderildi!').waitFor();
    await expect.poll(() => state(panel)).toBe('pending');

    // The host approves in the browser: the request joins the line.
    const hostContext = await newContext(browser);
    const hostPage = await hostContext.newPage();
    await signIn(hostPage, host.email, host.password);
    await hostPage.goto(`/dashboard/eventDetails/${eventId}?tab=requests`);
    const row = hostPage.getByTestId('request-row').first();
    await row.getByTestId('request-reliability').waitFor();
    expect(await row.textContent()).toContain('Bekleme listesi isteği');
    await shot(hostPage, 'lifecycle-request-card-reliability');
    await row.getByRole('button', { name: /Kabul Et/ }).click();
    await expect.poll(() => state(panel), { timeout: 15_000 }).toBe('waitlisted');
    await page.getByText('Bekleme listesindesin · sıra 1').waitFor();
    await shot(page, 'lifecycle-waitlisted');
    await hostPage.goto(`/dashboard/eventDetails/${eventId}?tab=waitlist`);
    await hostPage.getByTestId('waitlist-row').first().waitFor();
    expect(await hostPage.getByTestId('waitlist-row').first().getAttribute('data-status')).toBe('WAITLISTED');
    await shot(hostPage, 'lifecycle-host-waitlist');

    // A participant leaves (through the API): the offer reaches the waiting user's open page live.
    await graphql(
      p1Token,
      `
        mutation LeaveLifecycleE2E($id: ID!) {
          leaveEvent(input: { eventId: $id }) {
            event {
              id
            }
          }
        }
      `,
      {
        id: eventId,
      },
    );
    await expect.poll(() => state(panel), { timeout: 15_000 }).toBe('offered');
    await page.getByText('Yer açıldı! 🎉').first().waitFor();
    await shot(page, 'lifecycle-waitlist-offer');
    await page.getByTestId('accept-offer').click();
    await page.getByText('Yer senin! Artık katılımcılar arasındasın 🎉').waitFor();
    await expect.poll(() => state(panel)).toBe('accepted');
    // A participant now: the exact place.
    await page.getByText('Moda Sahası').first().waitFor();
    await shot(page, 'lifecycle-waitlist-accepted');
    expect(errors).toEqual([]);
    await context.close();
    await hostContext.close();
  });

  it('a weekly series made in the wizard appears as its occurrences', async () => {
    const host = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, host.email, host.password);
    await page.goto('/dashboard/online');
    const suffix = Math.random().toString(36).slice(2, 7);
    const title = `Salı Valorant ${suffix}`;
    await page.getByRole('button', { name: 'Etkinlik Oluştur' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Etkinlik Oluştur' });
    const next = () => dialog.getByRole('button', { name: /İleri/ }).click();
    await next();
    await dialog.getByLabel('Başlık *').fill(title);
    await dialog.getByLabel('Açıklama *').fill('Her salı ranked, mikrofon şart, gold ve üstü.');
    await dialog.getByLabel('Kategori *').selectOption('Popüler Oyunlar');
    await next();
    await dialog.getByRole('button', { name: '#Valorant' }).click();
    await next();
    await dialog.getByRole('button', { name: 'Yarın aynı saatte', exact: true }).click();
    await dialog.getByTestId('quick-start').waitFor();
    await dialog.getByTestId('wizard-repeat').getByRole('button', { name: 'Her hafta' }).click();
    await shot(page, 'lifecycle-wizard-repeat');
    await next();
    await dialog.getByRole('button', { name: 'Valorant', exact: true }).click();
    await next();
    await dialog.getByTestId('wizard-preview').getByText('Her hafta, 4 kez').waitFor();
    await dialog.getByTestId('auto-approval-switch').check();
    await shot(page, 'lifecycle-wizard-preview');
    await dialog.getByRole('button', { name: 'Etkinliği Oluştur' }).click();
    await page.getByText('Etkinlik başarıyla oluşturuldu.').waitFor();

    await page.goto('/dashboard/my-events');
    const cards = page.getByTestId('my-event-card').filter({ hasText: title });
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(4);
    const badges = await page.getByTestId('series-badge').allTextContents();
    for (const n of [1, 2, 3, 4]) expect(badges.some((b) => b.includes(`Her hafta · ${n}/4`))).toBe(true);
    await shot(page, 'lifecycle-series-my-events');
    await cards.first().getByRole('link').first().click();
    await page.getByTestId('series-info').waitFor();
    expect(await page.getByTestId('series-occurrence').count()).toBe(4);
    await shot(page, 'lifecycle-series-event-page');
    // One token for the whole series.
    const token = await accessToken(host.email, host.password);
    const me = await graphql<{ me: { tokenBalance: number } }>(token, '{ me { tokenBalance } }');
    expect(me.me.tokenBalance).toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a shared link opened signed out shows the public page and comes back to the event after sign-in', async () => {
    const host = await confirmedAccount();
    const visitor = await confirmedAccount();
    const hostToken = await accessToken(host.email, host.password);
    const eventId = await createEvent(hostToken, { title: 'Kadıköy’de tavla ve çay', maxParticipants: 6 });

    // The link preview: server-rendered Open Graph tags and the invitation image.
    const html = await (await fetch(`${baseUrl()}/e/${eventId}`)).text();
    expect(html).toContain(`<meta property="og:image" content="${baseUrl()}/e/${eventId}/og.png">`);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // A public page of no event answers 404, with the app's page saying so (issue 27).
    const unknown = await fetch(`${baseUrl()}/e/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('id="root"');
    expect(html).not.toMatch(/Moda Sahası|Caferağa/);
    const png = Buffer.from(await (await fetch(`${baseUrl()}/e/${eventId}/og.png`)).arrayBuffer());
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOTS, 'lifecycle-og-image.png'), png);

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/e/${eventId}`);
    const card = page.getByTestId('public-event');
    await card.getByRole('heading', { name: 'Kadıköy’de tavla ve çay' }).waitFor();
    await card.getByText('Kadıköy, İstanbul').first().waitFor();
    expect(await card.textContent()).not.toMatch(/Moda Sahası|Caferağa/);
    await shot(page, 'lifecycle-public-page');
    await page.getByTestId('public-join').click();
    await page.waitForURL('**/login?returnTo=*');
    await page.getByLabel('E-posta').fill(visitor.email);
    await page.getByLabel('Şifre', { exact: true }).fill(visitor.password);
    await page.getByRole('button', { name: "Squad'a Gir!" }).click();
    await page.waitForURL(`**/dashboard/eventDetails/${eventId}`);
    await page.getByRole('heading', { name: 'Kadıköy’de tavla ve çay', level: 1 }).waitFor();
    await expect.poll(() => state(page.getByTestId('join-status'))).toBe('join');
    await shot(page, 'lifecycle-public-returned');

    // A dashboard deep link opened signed out comes back after sign-in too.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/dashboard/eventDetails/${eventId}`);
    await page.waitForURL('**/login');
    await page.getByLabel('E-posta').fill(visitor.email);
    await page.getByLabel('Şifre', { exact: true }).fill(visitor.password);
    await page.getByRole('button', { name: "Squad'a Gir!" }).click();
    await page.waitForURL(`**/dashboard/eventDetails/${eventId}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a participant checks in by scanning the host’s QR code, through sign-in', async () => {
    const { host, guest, hostToken, eventId } = await underWayWithGuest('Kodla giriş maçı');

    const hostContext = await newContext(browser);
    const hostPage = await hostContext.newPage();
    await signIn(hostPage, host.email, host.password);
    await hostPage.goto(`/dashboard/eventDetails/${eventId}?tab=participants`);
    await hostPage.getByTestId('check-in-open').click();
    const dialog = hostPage.getByRole('dialog', { name: 'Giriş kodu' });
    await dialog.getByTestId('check-in-qr').waitFor();
    const code = (await dialog.getByTestId('check-in-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await shot(hostPage, 'lifecycle-check-in-qr');

    // The phone's camera opens the link the QR code holds; signed out, it goes through sign-in.
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    await page.goto(`/e/${eventId}/checkin?code=${code}`);
    await page.waitForURL('**/login');
    await page.getByLabel('E-posta').fill(guest.email);
    await page.getByLabel('Şifre', { exact: true }).fill(guest.password);
    await page.getByRole('button', { name: "Squad'a Gir!" }).click();
    await page.getByText('Girişin kaydedildi. İyi eğlenceler!').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/eventDetails/${eventId}`);
    await expect.poll(() => page.getByTestId('check-in-form').count()).toBe(0);
    await shot(page, 'lifecycle-checked-in-phone');

    // Another participant types the code at the meeting point.
    const typist = await confirmedAccount();
    await join(eventId, hostToken, await accessToken(typist.email, typist.password));
    const typistContext = await newContext(browser, MOBILE);
    const typistPage = await typistContext.newPage();
    await signIn(typistPage, typist.email, typist.password);
    await typistPage.goto(`/dashboard/eventDetails/${eventId}`);
    const form = typistPage.getByTestId('check-in-form');
    await form.getByLabel('Giriş kodu').fill('ABCD2345');
    await form.getByRole('button', { name: 'Giriş yap' }).click();
    await typistPage.getByText('Giriş kodu bu etkinliğin değil.', { exact: false }).waitFor();
    await shot(typistPage, 'lifecycle-check-in-form');
    await form.getByLabel('Giriş kodu').fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Giriş yap' }).click();
    await typistPage.getByText('Girişin kaydedildi. İyi eğlenceler!').waitFor();
    await expect.poll(() => form.count()).toBe(0);

    // The host's list shows both as come.
    await hostPage.keyboard.press('Escape');
    await hostPage.reload();
    const rows = hostPage.getByTestId('attendance-row');
    await expect.poll(() => rows.count()).toBe(2);
    for (const row of await rows.all())
      await expect
        .poll(() => row.getByRole('button', { name: '✓ Geldi' }).getAttribute('aria-pressed'))
        .toBe('true');
    await Promise.all([hostContext.close(), context.close(), typistContext.close()]);
  });

  it('the host marks attendance during the event; the participant sees their own record', async () => {
    const { host, guestToken, eventId } = await underWayWithGuest('Şimdi başlayan maç');
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/eventDetails/${eventId}?tab=participants`);
    const panel = page.getByTestId('attendance-panel');
    await panel.waitFor();
    await panel.getByRole('button', { name: '✓ Geldi' }).click();
    await panel.getByTestId('attendance-save').click();
    await page.getByText('Katılım kaydedildi.').waitFor();
    await expect
      .poll(() => panel.getByRole('button', { name: '✓ Geldi' }).getAttribute('aria-pressed'))
      .toBe('true');
    await shot(page, 'lifecycle-attendance');
    const own = await graphql<{ event: { viewerAttendance: boolean } }>(
      guestToken,
      `
        query OwnAttendanceE2E($id: ID!) {
          event(id: $id) {
            viewerAttendance
          }
        }
      `,
      { id: eventId },
    );
    expect(own.event.viewerAttendance).toBe(true);

    // Settings: reminders per channel, push explained without a service worker, the calendar feed.
    await page.goto('/dashboard/settings#reminders');
    await page.getByTestId('push-no-worker').waitFor();
    await page.getByTestId('calendar-feed-url').waitFor();
    expect(await page.getByTestId('calendar-feed-url').textContent()).toMatch(
      /\/calendar\/[0-9a-f]{64}\.ics$/,
    );
    await page.getByTestId('channel-settings').scrollIntoViewIfNeeded();
    await shot(page, 'lifecycle-settings-reminders');
    await context.close();
  });
});
