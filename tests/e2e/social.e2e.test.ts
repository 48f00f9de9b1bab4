import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, confirmedAccount, graphql } from './accounts.ts';
import { launch, MOBILE, newContext, shot, signIn, watchErrors } from './browser.ts';

// Issue 14 end to end, three people in three browsers: the host and two accepted participants of one
// event chat live in its group chat (each sees the others' messages without a reload, read receipts
// appear, the host pins the meeting point, a held message warns the others first, a blocked one is
// refused in place); one participant sends the other a friend request from the other-user modal and
// it is accepted through the notification; a direct message raises the inbox badge live and opening
// the conversation clears it.

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

function dayInTurkey(offsetDays: number): string {
  return new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

type Person = { email: string; password: string; token: string; name: string };

async function person(name: string): Promise<Person> {
  const account = await confirmedAccount();
  const token = await accessToken(account.email, account.password);
  await graphql(
    token,
    'mutation SocialE2EName($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { id } } }',
    { input: { displayName: name } },
  );
  return { ...account, token, name };
}

async function createEvent(token: string, title: string): Promise<string> {
  const data = await graphql<{ createEvent: { event: { id: string } } }>(
    token,
    `
      mutation CreateForSocialE2E($input: CreateEventInput!) {
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
        description: 'Sahilde yürüyüş, ardından çay bahçesinde sohbet. Herkes gelebilir.',
        category: 'social',
        tags: ['kahve-sohbeti'],
        date: dayInTurkey(3),
        time: '19:30',
        durationMinutes: 120,
        maxParticipants: 6,
        location: { name: 'Moda İskelesi', address: 'Moda, Kadıköy', lat: 40.9869, lng: 29.0259 },
        publicLocation: 'Kadıköy, İstanbul',
      },
    },
  );
  return data.createEvent.event.id;
}

async function join(guest: Person, host: Person, eventId: string) {
  const asked = await graphql<{ requestToJoin: { joinRequest: { id: string } } }>(
    guest.token,
    'mutation($id: ID!) { requestToJoin(input: {eventId: $id, message: "Selam, ben de gelmek isterim!"}) { joinRequest { id } } }',
    { id: eventId },
  );
  await graphql(host.token, 'mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id } } }', {
    id: asked.requestToJoin.joinRequest.id,
  });
}

async function open(p: Person, viewport?: { width: number; height: number }) {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, p.email, p.password);
  return { page, errors };
}

const message = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

async function send(page: Page, text: string) {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
  await message(page, text).first().waitFor();
  await expect.poll(() => input.inputValue()).toBe('');
}

const badge = async (page: Page) =>
  (await page.getByTestId('inbox-badge').count())
    ? await page.getByTestId('inbox-badge').textContent()
    : null;

describe('social', () => {
  let host: Person;
  let ayse: Person;
  let mert: Person;
  let title: string;
  let groupId: string;
  let eventId: string;
  let hostPage: Page;
  let aysePage: Page;
  let mertPage: Page;
  const errors: string[][] = [];

  beforeAll(async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    title = `Moda sahil yürüyüşü ${suffix}`;
    [host, ayse, mert] = await Promise.all([person('Deniz Host'), person('Ayşe'), person('Mert')]);
    eventId = await createEvent(host.token, title);
    await join(ayse, host, eventId);
    await join(mert, host, eventId);
    // The group chat was created with the first acceptance.
    const inbox = await graphql<{
      conversations: { nodes: { id: string; kind: string; event: { id: string } | null }[] };
    }>(host.token, '{ conversations(first: 20) { nodes { id kind event { id } } } }');
    const group = inbox.conversations.nodes.find((c) => c.kind === 'EVENT_GROUP' && c.event?.id === eventId);
    expect(group).toBeTruthy();
    groupId = group!.id;
  });

  it('the host and two participants chat live in the event’s group chat', async () => {
    const h = await open(host);
    const a = await open(ayse);
    const m = await open(mert, MOBILE);
    hostPage = h.page;
    aysePage = a.page;
    mertPage = m.page;
    errors.push(h.errors, a.errors, m.errors);

    // The host finds the group chat in the inbox, from the header's inbox icon.
    await hostPage.getByTestId('inbox-button').click();
    await hostPage.waitForURL('**/dashboard/inbox');
    const item = hostPage.getByTestId('conversation-item').filter({ hasText: title });
    await item.waitFor();
    expect(await item.getByTestId('conversation-kind').getAttribute('data-kind')).toBe('EVENT_GROUP');
    await item.click();
    await hostPage.waitForURL(`**/dashboard/inbox/${groupId}`);
    await hostPage.getByTestId('chat-title').filter({ hasText: title }).waitFor();

    // Ayşe opens it from the event's page; Mert, on a phone, from the list (one pane at a time there).
    await aysePage.goto(`/dashboard/eventDetails/${eventId}`);
    await aysePage.getByTestId('event-group-chat').click();
    await aysePage.waitForURL(`**/dashboard/inbox/${groupId}`);
    await aysePage.getByTestId('chat-composer').waitFor();
    await mertPage.goto('/dashboard/inbox');
    const mertItem = mertPage.getByTestId('conversation-item').filter({ hasText: title });
    await mertItem.waitFor();
    await shot(mertPage, 'social-inbox-phone');
    await mertItem.click();
    await mertPage.getByTestId('chat-composer').waitFor();
    expect(await mertPage.getByTestId('conversation-list').isVisible()).toBe(false);
    await mertPage.getByTestId('chat-back').waitFor();

    // Each message reaches the other two without a reload.
    const meet = 'Buluşma noktası: Moda İskelesi’nin önü, 19:15’te oradayım 👋';
    await send(hostPage, meet);
    await message(aysePage, meet).waitFor({ timeout: 15_000 });
    await message(mertPage, meet).waitFor({ timeout: 15_000 });
    const ayseSays = 'Süper, ben de 19:10 gibi orada olurum!';
    await send(aysePage, ayseSays);
    await message(hostPage, ayseSays).waitFor({ timeout: 15_000 });
    await message(mertPage, ayseSays).waitFor({ timeout: 15_000 });
    const mertSays = 'Ben biraz geç kalabilirim, beni bekleyin 🙏';
    await send(mertPage, mertSays);
    await message(hostPage, mertSays).waitFor({ timeout: 15_000 });
    await message(aysePage, mertSays).waitFor({ timeout: 15_000 });

    // Read receipts: both participants have the chat open, so the host's message has been seen by two.
    const receipt = message(hostPage, meet).getByTestId('read-receipt');
    await expect.poll(() => receipt.getAttribute('data-readers'), { timeout: 15_000 }).toBe('2');
    expect(await receipt.textContent()).toContain('Görüldü');

    // The host pins the meeting point; everyone sees it above the chat.
    await message(hostPage, meet).getByTestId('message-menu').getByRole('button').click();
    await hostPage.getByRole('menuitem', { name: /Sabitle/ }).click();
    await hostPage.getByTestId('pinned-bar').filter({ hasText: 'Moda İskelesi' }).waitFor();
    await aysePage
      .getByTestId('pinned-bar')
      .filter({ hasText: 'Moda İskelesi' })
      .waitFor({ timeout: 15_000 });
    await mertPage
      .getByTestId('pinned-bar')
      .filter({ hasText: 'Moda İskelesi' })
      .waitFor({ timeout: 15_000 });
    await shot(aysePage, 'social-group-chat-pinned');
    await shot(hostPage, 'social-inbox-desktop');
    await shot(mertPage, 'social-thread-phone');
  });

  it('a held message warns the others first; a blocked one is refused in place', async () => {
    // The content check asks for a look: Mert sees it as sent with a note, the others a warning.
    const rude = 'Geç kalan salak olsun 😄';
    await send(mertPage, rude);
    const own = message(mertPage, rude);
    expect(await own.getAttribute('data-display')).toBe('heldOwn');
    await own.getByTestId('message-held-own').waitFor();
    const warning = aysePage.locator('[data-testid="chat-message"][data-display="heldWarning"]').last();
    await warning.waitFor({ timeout: 15_000 });
    expect(await warning.textContent()).not.toContain('salak');
    await warning.getByTestId('held-reasons').waitFor();
    await shot(aysePage, 'social-held-warning');
    await warning.getByTestId('message-reveal').click();
    await message(aysePage, rude).getByTestId('message-body').waitFor();

    // A blocked text is refused with the server's reason, shown at the composer; the text stays.
    const input = aysePage.getByTestId('composer-input');
    await input.fill('kys');
    await input.press('Enter');
    await aysePage.getByTestId('composer-error').waitFor();
    expect(await input.inputValue()).toBe('kys');
    await shot(aysePage, 'social-blocked-message');
    await input.fill('');
  });

  it('a friend request from the other-user modal is accepted through the notification', async () => {
    // Ayşe opens Mert's profile from his message in the group chat and adds him.
    await aysePage.getByRole('button', { name: 'Mert profilini aç' }).first().click();
    const profile = aysePage.getByTestId('profile-dialog');
    await profile.waitFor();
    await profile.getByTestId('friend-add').click();
    await profile.locator('[data-testid="friend-state"][data-state="REQUEST_SENT"]').waitFor();
    await aysePage.getByText('Mert kullanıcısına arkadaşlık isteği gönderildi.').waitFor();
    await shot(aysePage, 'social-profile-request-sent');

    // Mert's bell rises; the notification leads to his friend requests, where he accepts.
    await expect.poll(() => mertPage.getByTestId('bell-badge').count(), { timeout: 15_000 }).toBe(1);
    await mertPage.getByTestId('notification-bell').getByRole('button').first().click();
    const item = mertPage.getByTestId('notification-item').filter({ hasText: 'Ayşe' }).first();
    await item.waitFor();
    await item.click();
    await mertPage.waitForURL('**/dashboard/friends**');
    const row = mertPage.getByTestId('friend-request-row').filter({ hasText: 'Ayşe' });
    await row.waitFor();
    await row.getByTestId('request-accept').click();
    await mertPage.getByText('Ayşe ile artık arkadaşsınız! 🎉').waitFor();

    // Ayşe's open modal follows: friends now.
    await profile.locator('[data-testid="friend-state"][data-state="FRIENDS"]').waitFor({ timeout: 15_000 });
    await aysePage.keyboard.press('Escape');

    // Both friends pages list the other.
    await aysePage.goto('/dashboard/friends');
    await aysePage.getByTestId('friend-row').filter({ hasText: 'Mert' }).waitFor();
    await shot(aysePage, 'social-friends');
    await mertPage.getByRole('tab', { name: 'Arkadaşlar', exact: true }).click();
    await mertPage.getByTestId('friend-row').filter({ hasText: 'Ayşe' }).waitFor();

    // Friends' events: the event they both joined, with "Mert katılıyor" on its card.
    await aysePage.getByRole('tab', { name: 'Arkadaşların etkinlikleri' }).click();
    const card = aysePage.getByTestId('friends-events').getByTestId('event-card').filter({ hasText: title });
    await expect.poll(() => card.getByTestId('friends-going').textContent()).toContain('Mert katılıyor');
    await shot(aysePage, 'social-friends-events');
  });

  it('a direct message raises the inbox badge live; opening the conversation clears it', async () => {
    // Ayşe looks at the map, not at her inbox.
    await aysePage.goto('/dashboard/physical');
    await aysePage.getByTestId('inbox-button').waitFor();
    await expect.poll(() => badge(aysePage)).toBeNull();

    // Mert writes to her from the friends list.
    await mertPage
      .getByTestId('friend-row')
      .filter({ hasText: 'Ayşe' })
      .getByTestId('friend-message')
      .click();
    await mertPage.waitForURL('**/dashboard/inbox/**');
    const hello = 'Selam Ayşe! Cumartesi Kadıköy’de de buluşalım mı?';
    await send(mertPage, hello);

    // Her badge rises without a reload, and a toast names Mert.
    await expect.poll(() => badge(aysePage), { timeout: 15_000 }).toBe('1');
    await aysePage.getByTestId('toast-action').filter({ hasText: 'Mert' }).first().waitFor();
    await shot(aysePage, 'social-inbox-badge');

    // Opening the conversation reads it: the badge goes.
    await aysePage.getByTestId('inbox-button').click();
    const direct = aysePage
      .getByTestId('conversation-item')
      .filter({ hasText: 'Mert' })
      .filter({
        has: aysePage.locator('[data-kind="DIRECT"]'),
      });
    await direct.getByTestId('conversation-unread').waitFor();
    await direct.click();
    await message(aysePage, hello).waitFor();
    await expect.poll(() => badge(aysePage), { timeout: 15_000 }).toBeNull();
    await expect.poll(() => direct.getByTestId('conversation-unread').count()).toBe(0);
    await shot(aysePage, 'social-direct-thread');

    // Her answer reaches Mert on his phone, away from the inbox: the badge in the header and in the
    // drawer's menu.
    await mertPage.goto('/dashboard/friends');
    await mertPage.getByTestId('friend-row').first().waitFor();
    await send(aysePage, 'Olur, cumartesi görüşürüz! 🙌');
    await expect.poll(() => badge(mertPage), { timeout: 15_000 }).toBe('1');
    await mertPage.getByRole('button', { name: 'Menüyü aç' }).click();
    const navBadge = mertPage
      .locator('dialog[open]')
      .locator('[data-testid="nav-badge"][data-for="/dashboard/inbox"]');
    await expect.poll(() => navBadge.textContent()).toContain('1');
    await shot(mertPage, 'social-drawer-phone');
    await mertPage.keyboard.press('Escape');
  });

  it('the host removes a member: they keep the history but can no longer write', async () => {
    await hostPage.getByTestId('chat-members').click();
    const row = hostPage.getByTestId('member-row').filter({ hasText: 'Mert' });
    await row.getByTestId('member-remove').click();
    await hostPage.getByTestId('member-remove-confirm').click();
    await hostPage.getByText('Mert sohbetten çıkarıldı.').waitFor();
    await hostPage.keyboard.press('Escape');

    await mertPage.goto(`/dashboard/inbox/${groupId}`);
    await mertPage.getByTestId('composer-disabled').waitFor();
    await message(mertPage, 'Buluşma noktası').first().waitFor();
    await shot(mertPage, 'social-removed-member-phone');

    for (const list of errors) expect(list).toEqual([]);
  });
});
