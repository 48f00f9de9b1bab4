import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, confirmedAccount, graphql } from './accounts.ts';
import { findCard, launch, newContext, shot, watchErrors, signIn } from './browser.ts';

// Join requests end to end with two people in two browsers: the requester asks from a list card,
// the host's badges rise live, the host accepts in My Events, and the requester sees the decision
// live (toast and event page) without reloading. A message the automatic check blocks shows why.

const SENT =
  'Katılım isteğin gönderildi! Önce yazdığın mesaja AI bir göz atacak, ardından host seni değerlendirip yanıt verecek.';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

function dayInTurkey(offsetDays: number): string {
  return new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function createEvent(token: string, title: string): Promise<string> {
  const data = await graphql<{ createEvent: { event: { id: string } } }>(
    token,
    `
      mutation CreateForJoinE2E($input: CreateEventInput!) {
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
        title,
        description: 'Catan ve Carcassonne; yeni başlayanlara kurallar anlatılır.',
        category: 'board-games',
        tags: ['catan'],
        date: dayInTurkey(2),
        time: '19:30',
        durationMinutes: 120,
        maxParticipants: 4,
        location: { name: 'Moda Kafe', address: 'Moda, Kadıköy', lat: 40.9869, lng: 29.0259 },
        publicLocation: 'Kadıköy, İstanbul',
      },
    },
  );
  return data.createEvent.event.id;
}

// The list card of an event, found through the dashboard's search box.
const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).count())
    ? ((await page.getByTestId(testId).first().textContent()) ?? '')
    : '';

describe('join requests', () => {
  it('requester asks from a list card, host sees it live, accepts in My Events, requester sees it live', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const title = `Kutu oyunu gecesi ${suffix}`;
    const hostAccount = await confirmedAccount();
    const requesterAccount = await confirmedAccount();
    const hostToken = await accessToken(hostAccount.email, hostAccount.password);
    const eventId = await createEvent(hostToken, title);
    // A first event earns a badge (a notification); read, so the bell starts at zero.
    await graphql(
      hostToken,
      'mutation JoinE2ERead { markNotificationsRead(input: {all: true}) { unreadCount } }',
      {},
    );

    const hostContext = await newContext(browser);
    const requesterContext = await newContext(browser);
    const host = await hostContext.newPage();
    const requester = await requesterContext.newPage();
    const hostErrors = watchErrors(host);
    const requesterErrors = watchErrors(requester);
    await signIn(host, hostAccount.email, hostAccount.password);
    await signIn(requester, requesterAccount.email, requesterAccount.password);
    // No pending requests and nothing unread yet: no badges.
    await host.getByTestId('notification-bell').waitFor();
    expect(await host.getByTestId('my-events-badge').count()).toBe(0);
    expect(await host.getByTestId('bell-badge').count()).toBe(0);

    // The requester: 'Katıl' on the list card opens the join-request modal.
    const card = await findCard(requester, title);
    await card.getByRole('button', { name: `Katıl: ${title}` }).click();
    const dialog = requester.getByTestId('join-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('join-event-title').textContent()).toBe(title);
    await expect
      .poll(() => dialog.getByTestId('join-host').textContent())
      .toContain(hostAccount.email.split('@')[0]);
    const message = requester.getByLabel('Host’a mesajın (isteğe bağlı)');
    const typed = '  Selam! Ben de katılmak isterim, Catan’ı çok severim.  ';
    await message.fill(typed);
    expect(await dialog.getByTestId('join-counter').textContent()).toBe(`${typed.length}/500`);
    // A quick message is added after the text.
    await dialog.getByRole('button', { name: 'İlk defa katılacağım, sorun olur mu?' }).click();
    await expect.poll(() => message.inputValue()).toContain('İlk defa katılacağım, sorun olur mu?');
    await shot(requester, 'join-requests-modal');
    await dialog.getByRole('button', { name: 'İstek Gönder' }).click();
    await requester.getByText(SENT, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The card now says the request is out.
    await card.getByRole('button', { name: new RegExp(`İstek gönderildi: ${title}`) }).waitFor();

    // The host, without a reload: both badges rise, and a toast names the requester and the event.
    await expect.poll(() => text(host, 'my-events-badge'), { timeout: 15_000 }).toContain('1');
    await expect.poll(() => text(host, 'bell-badge')).toBe('1');
    await host.getByText(`"${title}" etkinliğine katılmak istiyor`, { exact: false }).first().waitFor();
    await shot(host, 'join-requests-host-badge');

    // The requester watches the event page: pending, with Withdraw.
    await requester.goto(`/dashboard/eventDetails/${eventId}`);
    await requester.locator('[data-testid="join-status"][data-state="pending"]').waitFor();
    await requester.getByRole('button', { name: 'İsteği Geri Çek' }).waitFor();

    // The bell's list shows the request, unread.
    await host.getByTestId('notification-bell').getByRole('button').click();
    const item = host.getByTestId('notification-item').first();
    await item.waitFor();
    expect(await item.getAttribute('data-unread')).toBe('true');
    await shot(host, 'join-requests-bell');
    await host.keyboard.press('Escape');

    // My Events → Manage (1) → the request with its message and the check's verdict → Accept.
    await host.getByTestId('header-my-events').click();
    await host.waitForURL('**/dashboard/my-events');
    const myCard = host.getByTestId('my-event-card').filter({ hasText: title });
    await myCard.getByTestId('my-event-requests').getByText('1 istek').waitFor();
    await myCard.getByRole('button', { name: 'Yönet (1)' }).click();
    const requests = host.getByTestId('join-requests-dialog');
    const row = requests.getByTestId('request-row');
    await row.waitFor();
    // Trimmed when sent.
    expect(await row.getByTestId('request-message').textContent()).toBe(
      'Selam! Ben de katılmak isterim, Catan’ı çok severim. İlk defa katılacağım, sorun olur mu?',
    );
    expect(await row.getAttribute('data-verdict')).toBe('OK');
    await shot(host, 'join-requests-manage');
    await row.getByRole('button', { name: /^Kabul Et/ }).click();
    await host.getByText('İstek kabul edildi!').waitFor();
    await requests.getByText('Bu etkinlik için bekleyen istek yok.').waitFor();
    // The header badge drops at once.
    await expect.poll(() => host.getByTestId('my-events-badge').count()).toBe(0);
    await host.keyboard.press('Escape');
    await expect.poll(() => myCard.getByTestId('my-event-requests').count()).toBe(0);
    await expect.poll(() => myCard.textContent()).toContain('1/4 katılımcı');

    // The requester, without a reload: a toast, and the event page shows the acceptance and the count.
    await requester
      .getByText(`"${title}" etkinliğine katılım isteğin kabul edildi`, { exact: false })
      .waitFor();
    await requester.locator('[data-testid="join-status"][data-state="accepted"]').waitFor();
    await expect.poll(() => requester.getByTestId('event-participants').textContent()).toBe('1/4');
    await requester.getByRole('button', { name: 'Etkinlikten Ayrıl' }).waitFor();
    await shot(requester, 'join-requests-accepted-live');

    // The requester's My Events lists it as accepted.
    await requester.goto('/dashboard/my-events');
    const mine = requester.getByTestId('my-event-card').filter({ hasText: title });
    await expect.poll(() => mine.getByTestId('my-event-request').textContent()).toBe('İsteğin kabul edildi');
    expect(await requester.getByTestId('count-attended').textContent()).toBe('1');

    expect(hostErrors).toEqual([]);
    expect(requesterErrors).toEqual([]);
    await hostContext.close();
    await requesterContext.close();
  });

  it('the host reports and blocks a participant from the profile dialog; the block hides the host’s events', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const hostAccount = await confirmedAccount();
    const guestAccount = await confirmedAccount();
    const hostToken = await accessToken(hostAccount.email, hostAccount.password);
    const guestToken = await accessToken(guestAccount.email, guestAccount.password);
    const joined = await createEvent(hostToken, `Okey turnuvası ${suffix}`);
    const later = `Tabu akşamı ${suffix}`;
    await createEvent(hostToken, later);
    const asked = await graphql<{ requestToJoin: { joinRequest: { id: string } } }>(
      guestToken,
      'mutation($id: ID!) { requestToJoin(input: {eventId: $id, message: "Selam!"}) { joinRequest { id } } }',
      { id: joined },
    );
    await graphql(
      hostToken,
      'mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id } } }',
      {
        id: asked.requestToJoin.joinRequest.id,
      },
    );
    const search = (token: string) =>
      graphql<{ events: { totalCount: number } }>(
        token,
        'query($s: String) { events(filter: {search: $s}) { totalCount } }',
        {
          s: later,
        },
      );
    expect((await search(guestToken)).events.totalCount).toBe(1);

    const context = await newContext(browser);
    const host = await context.newPage();
    const errors = watchErrors(host);
    await signIn(host, hostAccount.email, hostAccount.password);
    await host.goto(`/dashboard/eventDetails/${joined}`);
    await host.getByRole('tab', { name: 'Katılımcılar (1)' }).click();
    await host.getByTestId('participants-list').getByRole('button').first().click();
    const profile = host.getByTestId('profile-dialog');
    await profile.waitFor();

    // Report: nothing goes out until a reason is chosen.
    await profile.getByTestId('profile-report').click();
    const report = host.getByTestId('report-dialog');
    await report.waitFor();
    expect(await host.getByTestId('report-submit').isDisabled()).toBe(true);
    await report.getByLabel('Taciz').check();
    await report.getByLabel('Açıklama (isteğe bağlı)').fill('Mesajlarda rahatsız edici yorumlar yaptı.');
    await expect.poll(() => host.getByTestId('report-submit').isEnabled()).toBe(true);
    await shot(host, 'safety-report');
    await host.getByTestId('report-submit').click();
    await host.getByText('Şikâyetin alındı. Moderatörler inceleyip sonucu sana bildirecek.').waitFor();

    // Block asks first, then the dialog offers Unblock.
    await profile.getByTestId('profile-block').click();
    await host.getByTestId('block-confirm').waitFor();
    await shot(host, 'safety-block-confirm');
    await host.getByTestId('block-confirm').click();
    await host.getByText('engellendi.', { exact: false }).first().waitFor();

    // On the server: the guest no longer finds the host's other event; the joined one stays theirs.
    await expect.poll(async () => (await search(guestToken)).events.totalCount).toBe(0);
    const still = await graphql<{ event: { id: string } | null }>(
      guestToken,
      'query($id: ID!) { event(id: $id) { id } }',
      {
        id: joined,
      },
    );
    expect(still.event?.id).toBe(joined);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a message the automatic check blocks is declined at once, with its reasons', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const title = `Satranç buluşması ${suffix}`;
    const hostAccount = await confirmedAccount();
    const requesterAccount = await confirmedAccount();
    const eventId = await createEvent(await accessToken(hostAccount.email, hostAccount.password), title);

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, requesterAccount.email, requesterAccount.password);
    const card = await findCard(page, title);
    await card.getByRole('button', { name: `Katıl: ${title}` }).click();
    const dialog = page.getByTestId('join-dialog');
    await dialog.waitFor();
    await page
      .getByLabel('Host’a mesajın (isteğe bağlı)')
      .fill('Bahis sitemize üye ol, ilk yatırıma %100 bonus! www.bahis-site.com');
    await dialog.getByRole('button', { name: 'İstek Gönder' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'otomatik kontrolden geçemedi' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('bahis reklamı');
    await dialog.waitFor({ state: 'detached' });
    await shot(page, 'join-requests-blocked');

    // The event page says so too, with the reasons, and offers another try.
    await page.goto(`/dashboard/eventDetails/${eventId}`);
    await page.locator('[data-testid="join-status"][data-state="declined"]').waitFor();
    expect(await page.getByTestId('join-reasons').textContent()).toContain('bahis reklamı');
    await page.getByRole('button', { name: 'Yeni bir mesajla tekrar dene' }).waitFor();

    // The host sees nothing pending, and the declined one under the check's section.
    const hostContext = await newContext(browser);
    const host = await hostContext.newPage();
    await signIn(host, hostAccount.email, hostAccount.password);
    await host.goto(`/dashboard/eventDetails/${eventId}`);
    await host.getByRole('tab', { name: 'İstekler (0)' }).click();
    await host.getByText('Bekleyen istek yok').waitFor();
    await host.getByRole('button', { name: /Otomatik kontrolün reddettikleri \(1\)/ }).click();
    await host.getByTestId('request-row').getByText('bahis reklamı', { exact: false }).waitFor();
    expect(await host.getByTestId('request-row').getAttribute('data-verdict')).toBe('BLOCK');

    expect(errors).toEqual([]);
    await hostContext.close();
    await context.close();
  });
});
