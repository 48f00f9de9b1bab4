import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safetyPlans, users } from '#db/schema/index.ts';
import { accessToken, confirmedAccount, graphql, mailsTo, newEmail } from './accounts.ts';
import { launch, MOBILE, newContext, shot, signIn, watchErrors } from './browser.ts';
import { startOwnApp, type OwnApp } from './own-app.ts';

// The safety kit's trusted contact, shared plan and 'Evdeyim' check on a phone (issue 30 points 1–3,
// ADR 068): the user adds a contact in Settings, the contact confirms through the mailed link, the
// user shares a plan for an event they were accepted to, the contact's page shows it signed out; the
// check is missed (its time moved into the past in the own app's database, then the job's sweep run
// as the worker runs it) and the alert mail reaches the contact, whose page says so.

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
const MIN = 60_000;
const suffix = Math.random().toString(36).slice(2, 7);

async function account(): Promise<Account> {
  const a = await confirmedAccount('Squad-e2e-1', own.url);
  return { ...a, token: await accessToken(a.email, a.password, own.url) };
}
const gql = <T>(who: Account, query: string, variables: Record<string, unknown> = {}) =>
  graphql<T>(who.token, query, variables, own.url);

// Turkey's date and time of a moment.
const turkey = (ms: number) => new Date(ms + 3 * 3600_000).toISOString();

// A café meeting in two hours that the guest was accepted to.
async function acceptedEvent(host: Account, guest: Account, title: string) {
  const start = Date.now() + 2 * 3600_000;
  const created = await gql<{ createEvent: { event: { id: string } } }>(
    host,
    'mutation($input: CreateEventInput!) { createEvent(input: $input) { event { id } } }',
    {
      input: {
        mode: 'PHYSICAL',
        title,
        description: 'Kahve eşliğinde kutu oyunları; kurallar anlatılır, herkes gelebilir.',
        category: 'board-games',
        tags: ['catan'],
        date: turkey(start).slice(0, 10),
        time: turkey(start).slice(11, 16),
        durationMinutes: 120,
        maxParticipants: 6,
        location: { name: 'Moda Kahvesi', address: 'Moda Cd. 12, Kadıköy', lat: 40.9869, lng: 29.0259 },
        publicLocation: 'Moda, Kadıköy',
        venueType: 'CAFE_RESTAURANT',
      },
    },
  );
  const id = created.createEvent.event.id;
  const asked = await gql<{ requestToJoin: { joinRequest: { id: string } } }>(
    guest,
    'mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }',
    { input: { eventId: id, message: 'Selam, ben de gelmek isterim!' } },
  );
  await gql(host, 'mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id } } }', {
    id: asked.requestToJoin.joinRequest.id,
  });
  return id;
}

// The one mail to `to` whose subject contains `subject`, once it is there.
async function mailWith(to: string, subject: string) {
  await expect
    .poll(async () => (await mailsTo(to, own.url)).filter((m) => m.subject.includes(subject)).length)
    .toBe(1);
  return (await mailsTo(to, own.url)).find((m) => m.subject.includes(subject))!;
}
const linkIn = (text: string, path: 'safety/confirm' | 'plan') =>
  new RegExp(`${own.url}/${path}/[A-Za-z0-9_-]{20,}`).exec(text)?.[0] ?? '';

// Toasts close before a screenshot, so they do not cover what it is of.
async function dismissToasts(page: Page) {
  const close = page.locator('[aria-live="polite"] button[aria-label="Kapat"]');
  while ((await close.count()) > 0) await close.first().click();
}

// A signed-out browser, as a contact without a Squad account opens the link.
async function signedOut(url: string): Promise<Page> {
  const context = await newContext(browser, MOBILE, { base: own.url });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

describe('the safety kit on a phone', () => {
  it('adds and confirms a contact, shares a plan, misses the check, and the contact is alerted', async () => {
    const host = await account();
    const guest = await account();
    const contact = newEmail('guvendigim');
    const title = `Moda’da kutu oyunu ${suffix}`;
    const eventId = await acceptedEvent(host, guest, title);
    const [guestRow] = await own.app.database.db
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(eq(users.email, guest.email));

    const context = await newContext(browser, MOBILE, { base: own.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, guest.email, guest.password);

    // Settings: 'Güvendiğin kişiler', an address added waits for its confirmation.
    await page.goto('/dashboard/settings#trusted-contacts');
    const section = page.getByTestId('trusted-contacts');
    await section.getByRole('heading', { name: 'Güvendiğin kişiler' }).waitFor();
    await section.getByText('Henüz güvendiğin kişi eklemedin.').waitFor();
    await section.getByLabel('E-posta adresi').fill(contact);
    await section.getByRole('button', { name: 'Ekle' }).click();
    await page.getByText(`Onay bağlantısı ${contact} adresine gönderildi.`).first().waitFor();
    const row = section.getByTestId('trusted-contact').filter({ hasText: contact });
    await row.getByText('Onay bekliyor').waitFor();
    // The whole address shows on a phone, 'Kaldır' beside it.
    expect(
      await row.getByText(contact, { exact: true }).evaluate((p) => p.scrollWidth <= p.clientWidth),
    ).toBe(true);
    const [address, remove] = [
      await row.getByText(contact).boundingBox(),
      await row.getByRole('button', { name: 'Kaldır' }).boundingBox(),
    ];
    expect(remove!.x).toBeGreaterThan(address!.x + address!.width - 1);
    await section.scrollIntoViewIfNeeded();
    await dismissToasts(page);
    await shot(page, 'safety-kit-contacts-pending-phone');

    // The contact confirms through the link in their mailbox, signed out.
    const invite = await mailWith(contact, 'güvendiği kişi olarak eklemek istiyor');
    expect(invite.subject).toContain(guestRow.displayName);
    const confirmPage = await signedOut(linkIn(invite.text, 'safety/confirm'));
    const confirmed = confirmPage.getByTestId('contact-confirmed');
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toBe(
      `Teşekkürler! Artık ${guestRow.displayName} için güvendiği kişisin. Paylaştığı planlar ve gerektiğinde uyarılar bu e-posta adresine gelecek.`,
    );
    await shot(confirmPage, 'safety-kit-contact-confirmed-phone');
    await confirmPage.context().close();

    await page.reload();
    await row.getByText('Onayladı').waitFor();
    expect(await row.getByText('Onay bekliyor').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'safety-kit-contacts-confirmed-phone');

    // The event page: 'Planımı paylaş' with the confirmed contact chosen, the public place only.
    await page.goto(`/dashboard/eventDetails/${eventId}`);
    await page.getByTestId('share-plan').click();
    const form = page.getByTestId('share-plan-form');
    await form.getByRole('heading', { name: 'Planımı paylaş' }).waitFor();
    expect(await form.getByLabel(contact).isChecked()).toBe(true);
    expect(await form.getByLabel(/Tam adresi de paylaş/).isChecked()).toBe(false);
    // The event's end + 60 min is chosen.
    expect(await form.getByTestId('home-time').inputValue()).toBe('60');
    await form.scrollIntoViewIfNeeded();
    await shot(page, 'safety-kit-share-form-phone');
    await form.getByRole('button', { name: 'Paylaş', exact: true }).click();
    await page.getByText('Planın paylaşıldı.').first().waitFor();
    const panel = page.getByTestId('safety-plan');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('ACTIVE');
    expect(await panel.textContent()).toContain(`Paylaşılan kişiler: ${contact}`);
    await panel.scrollIntoViewIfNeeded();
    await dismissToasts(page);
    await shot(page, 'safety-kit-plan-shared-phone');

    // The contact's mail and page: what was shared, the public place, nothing else.
    const planMail = await mailWith(contact, 'planını seninle paylaştı');
    expect(planMail.text).toContain(title);
    expect(planMail.text).toContain('Yer: Moda, Kadıköy');
    expect(planMail.text).not.toContain('Moda Cd. 12');
    const planUrl = linkIn(planMail.text, 'plan');
    const planPage = await signedOut(planUrl);
    await planPage.getByTestId('plan-page').waitFor();
    const status = planPage.locator('[role=status][data-state]');
    expect(await status.getAttribute('data-state')).toBe('ACTIVE');
    expect(await status.textContent()).toBe('Henüz eve vardığını bildirmedi; beklenen saatte sorulacak.');
    const shown = await planPage.locator('main').textContent();
    expect(shown).toContain(`${guestRow.displayName} bu planı seninle paylaştı.`);
    expect(shown).toContain(title);
    expect(shown).toContain('Moda, Kadıköy');
    expect(shown).not.toContain('Moda Cd. 12');
    expect(shown).not.toContain(guest.email);
    await shot(planPage, 'safety-kit-plan-page-phone');

    // The check's time comes: 'Eve vardın mı?' is asked on the event page (the sweep as the job runs it).
    const [plan] = await own.app.database.db
      .update(safetyPlans)
      .set({ expectedHomeAt: new Date(Date.now() + 10 * MIN) })
      .where(eq(safetyPlans.eventId, eventId))
      .returning({ id: safetyPlans.id });
    expect(await own.app.services.safetyCheck.sweep()).toEqual({ asked: 1, alerted: 0 });
    await page.reload();
    await panel.getByText('Eve vardın mı?').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'safety-kit-check-asked-phone');

    // Unanswered 30 minutes after the time: one alert to the contact, however often the sweep runs.
    await own.app.database.db
      .update(safetyPlans)
      .set({ expectedHomeAt: new Date(Date.now() - 31 * MIN) })
      .where(eq(safetyPlans.id, plan.id));
    expect(await own.app.services.safetyCheck.sweep()).toEqual({ asked: 0, alerted: 1 });
    expect(await own.app.services.safetyCheck.sweep()).toEqual({ asked: 0, alerted: 0 });
    const alert = await mailWith(contact, 'eve vardığını bildirmedi');
    expect(alert.subject).toBe(`${guestRow.displayName} eve vardığını bildirmedi`);
    expect(alert.text).toContain(title);
    expect(alert.text).toContain('112');
    expect(alert.text).toContain(planUrl);

    await planPage.reload();
    await expect.poll(() => status.getAttribute('data-state')).toBe('ALERTED');
    expect(await status.textContent()).toMatch(
      /^Beklenen saatten 30 dakika sonra hâlâ "Evdeyim" demedi \(.+\)\. Ona ulaşmayı dene; acil durumda 112’yi ara\.$/,
    );
    await shot(planPage, 'safety-kit-plan-alerted-phone');
    await planPage.context().close();

    // The user sees it too, and 'Evdeyim' still ends the worry.
    await page.reload();
    await expect.poll(() => panel.getAttribute('data-state')).toBe('ALERTED');
    await panel.getByText('Cevap gelmediği için güvendiğin kişilere haber verildi.').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'safety-kit-alerted-event-phone');
    await panel.getByRole('button', { name: /Evdeyim/ }).click();
    await expect.poll(() => panel.getAttribute('data-state')).toBe('HOME');
    await mailWith(contact, 'evde');
    expect(errors).toEqual([]);
    await context.close();
  });
});
