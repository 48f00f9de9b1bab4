import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, confirmedAccount, graphql } from './accounts.ts';
import { launch, newContext, shot, signIn, watchErrors } from './browser.ts';

// The chat limit at the composer (issue 24, ADR 056): a member who has used up the burst types one
// more message; the composer says in Turkish when to try again, keeps the text, holds the send button,
// and sends it once the wait is over.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const dayInTurkey = (offsetDays: number) =>
  new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function person() {
  const account = await confirmedAccount();
  return { ...account, token: await accessToken(account.email, account.password) };
}

describe('chat limit', () => {
  it('tells the member to wait, keeps the text and sends it afterwards', async () => {
    const [host, guest] = await Promise.all([person(), person()]);
    const created = await graphql<{ createEvent: { event: { id: string } } }>(
      host.token,
      'mutation ChatLimitE2ECreate($input: CreateEventInput!) { createEvent(input: $input) { event { id } } }',
      {
        input: {
          mode: 'PHYSICAL',
          title: `Kadıköy koşusu ${Math.random().toString(36).slice(2, 7)}`,
          description: 'Sahil boyunca hafif tempo koşu, ardından kahve. Herkes gelebilir.',
          category: 'social',
          tags: ['kahve-sohbeti'],
          date: dayInTurkey(3),
          time: '09:30',
          durationMinutes: 90,
          maxParticipants: 6,
          location: { name: 'Moda İskelesi', address: 'Moda, Kadıköy', lat: 40.9869, lng: 29.0259 },
          publicLocation: 'Kadıköy, İstanbul',
        },
      },
    );
    const eventId = created.createEvent.event.id;
    const asked = await graphql<{ requestToJoin: { joinRequest: { id: string } } }>(
      guest.token,
      'mutation($id: ID!) { requestToJoin(input: {eventId: $id, message: "Selam, ben de koşmak isterim!"}) { joinRequest { id } } }',
      { id: eventId },
    );
    await graphql(
      host.token,
      'mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id } } }',
      {
        id: asked.requestToJoin.joinRequest.id,
      },
    );
    const inbox = await graphql<{
      conversations: { nodes: { id: string; kind: string; event: { id: string } | null }[] };
    }>(guest.token, '{ conversations(first: 20) { nodes { id kind event { id } } } }');
    const groupId = inbox.conversations.nodes.find(
      (c) => c.kind === 'EVENT_GROUP' && c.event?.id === eventId,
    )!.id;

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, guest.email, guest.password);
    await page.goto(`/dashboard/inbox/${groupId}`);
    await page.getByTestId('chat-composer').waitFor();

    // The burst used up (through the API), then one more typed in the composer.
    for (let i = 1; i <= 8; i++)
      await graphql(
        guest.token,
        'mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { message { id } } }',
        { input: { conversationId: groupId, body: `Isınma turu ${i}, geliyorum!` } },
      );
    const typed = 'Ben de 09:20 gibi iskelede olurum, bekleyin beni 🏃';
    const input = page.getByTestId('composer-input');
    await input.fill(typed);
    await input.press('Enter');
    const note = page.getByTestId('composer-error');
    await note.waitFor();
    expect(await note.textContent()).toMatch(
      /^Çok hızlı mesaj gönderiyorsun\. \d+ saniye sonra tekrar dene\.$/,
    );
    expect(await note.getAttribute('data-paused')).toBe('true');
    expect(await input.inputValue()).toBe(typed);
    expect(await page.getByTestId('composer-send').isDisabled()).toBe(true);
    await shot(page, 'chat-rate-limited');

    // The wait over, the note goes and the same text is sent.
    await note.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await input.inputValue()).toBe(typed);
    await input.press('Enter');
    await page.getByTestId('chat-message').filter({ hasText: typed }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
