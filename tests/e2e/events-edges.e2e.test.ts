import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, confirmedAccount, graphql } from './accounts.ts';
import { baseUrl, launch, MOBILE, newContext, shot, signIn, watchErrors } from './browser.ts';

// The events screens' rough edges (issue 27.4): a series occurrence edited or cancelled with its
// following dates, leftover requests of a cancelled event read as closed, My Events counting what the
// user takes part in, the state in the badges' words, no calendar for a cancelled event, the 'Ucuz'
// chip, and a public page of no event.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const dayInTurkey = (offsetDays: number) =>
  new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function createEvent(token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const data = await graphql<{ createEvent: { event: { id: string } } }>(
    token,
    `
      mutation CreateForEdgesE2E($input: CreateEventInput!) {
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
        title: 'Moda’da tavla',
        description: 'Çay, tavla ve sohbet; herkes gelebilir.',
        category: 'board-games',
        tags: ['tavla'],
        date: dayInTurkey(2),
        time: '19:00',
        durationMinutes: 120,
        maxParticipants: 6,
        location: { name: 'Moda Çay Bahçesi', address: 'Caferağa, Kadıköy', lat: 40.9836, lng: 29.0253 },
        publicLocation: 'Kadıköy, İstanbul',
        venueType: 'CAFE_RESTAURANT',
        ...overrides,
      },
    },
  );
  return data.createEvent.event.id;
}

type Occurrence = { id: string; status: string; title: string };
async function occurrences(token: string, id: string): Promise<Occurrence[]> {
  const data = await graphql<{ event: { series: { occurrences: { id: string }[] } } }>(
    token,
    `
      query SeriesOfEdgesE2E($id: ID!) {
        event(id: $id) {
          series {
            occurrences {
              id
            }
          }
        }
      }
    `,
    { id },
  );
  const out: Occurrence[] = [];
  for (const o of data.event.series.occurrences) {
    const one = await graphql<{ event: Occurrence }>(
      token,
      `
        query OccurrenceOfEdgesE2E($id: ID!) {
          event(id: $id) {
            id
            status
            title
          }
        }
      `,
      { id: o.id },
    );
    out.push(one.event);
  }
  return out;
}

describe('events screens, the last rough edges', () => {
  it('edits and cancels a series occurrence with the following dates, or alone', async () => {
    const host = await confirmedAccount();
    const token = await accessToken(host.email, host.password);
    const first = await createEvent(token, {
      title: 'Haftalık tavla',
      recurrence: { frequency: 'WEEKLY', count: 4 },
    });
    const [, second] = (await occurrences(token, first)).map((o) => o.id);

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, host.email, host.password);

    // Edit the second date "and the following": the title changes there and later, not before.
    await page.goto(`/dashboard/editEvent/${second}`);
    const editScope = page.getByTestId('series-scope');
    await editScope.getByText('Bu değişiklik hangi tarihlere uygulansın?').waitFor();
    await editScope.getByLabel('Bu ve sonraki tarihler').check();
    await shot(page, 'edges-series-edit-scope');
    await page.getByLabel('Başlık *').fill('Haftalık tavla (yeni saat)');
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: /İleri/ }).click();
    await page.getByRole('button', { name: 'Değişiklikleri Kaydet' }).click();
    await page.getByText('Etkinlik güncellendi.').waitFor();
    await expect
      .poll(async () => (await occurrences(token, first)).map((o) => o.title))
      .toEqual(['Haftalık tavla', ...Array(3).fill('Haftalık tavla (yeni saat)')]);

    // Cancel the third date "and the following"; the first two stay.
    const third = (await occurrences(token, first))[2].id;
    await page.goto(`/dashboard/eventDetails/${third}`);
    await page.getByRole('button', { name: 'Etkinliği İptal Et' }).click();
    const cancelScope = page.getByTestId('series-scope');
    await cancelScope.getByText('Hangi tarihler iptal edilsin?').waitFor();
    expect(await cancelScope.getByLabel('Yalnızca bu tarih').isChecked()).toBe(true);
    await cancelScope.getByLabel('Bu ve sonraki tarihler').check();
    await shot(page, 'edges-series-cancel-scope');
    await page.getByRole('button', { name: 'Evet, iptal et' }).click();
    await expect
      .poll(async () => (await occurrences(token, first)).map((o) => o.status))
      .toEqual(['UPCOMING', 'UPCOMING', 'CANCELLED', 'CANCELLED']);

    // A cancelled date: its state in the badge's words, and nothing to add to a calendar.
    await page.reload();
    await expect.poll(() => page.getByTestId('event-state').textContent()).toContain('İptal edildi');
    expect(await page.getByTestId('calendar-buttons').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a cancelled event’s leftover request reads as closed; My Events counts taking part only', async () => {
    const host = await confirmedAccount();
    const guest = await confirmedAccount();
    const hostToken = await accessToken(host.email, host.password);
    const guestToken = await accessToken(guest.email, guest.password);
    const pendingId = await createEvent(hostToken, { title: 'Bekleyen isteğin etkinliği' });
    const acceptedId = await createEvent(hostToken, { title: 'Kabul edilen etkinlik' });
    const ask = (eventId: string) =>
      graphql<{ requestToJoin: { joinRequest: { id: string } } }>(
        guestToken,
        `
          mutation AskEdgesE2E($input: RequestToJoinInput!) {
            requestToJoin(input: $input) {
              joinRequest {
                id
              }
            }
          }
        `,
        { input: { eventId, message: 'Ben de gelmek isterim!' } },
      );
    await ask(pendingId);
    const accepted = await ask(acceptedId);
    await graphql(
      hostToken,
      `
        mutation AcceptEdgesE2E($id: ID!) {
          acceptRequest(input: { id: $id }) {
            joinRequest {
              status
            }
          }
        }
      `,
      { id: accepted.requestToJoin.joinRequest.id },
    );

    // The guest: two events listed, one taken part in.
    const guestContext = await newContext(browser, MOBILE);
    const guestPage = await guestContext.newPage();
    await signIn(guestPage, guest.email, guest.password);
    await guestPage.goto('/dashboard/my-events');
    await expect.poll(() => guestPage.getByTestId('count-total').textContent()).toContain('2');
    expect(await guestPage.getByTestId('count-attended').textContent()).toContain('1');
    await shot(guestPage, 'edges-my-events-counts');
    await guestContext.close();

    // The host cancels the event with the pending request: the request stays, closed.
    await graphql(
      hostToken,
      `
        mutation CancelEdgesE2E($input: CancelEventInput!) {
          cancelEvent(input: $input) {
            event {
              id
            }
          }
        }
      `,
      { input: { id: pendingId } },
    );
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/eventDetails/${pendingId}?tab=requests`);
    const row = page.getByTestId('request-row').first();
    await row.getByTestId('request-closed').waitFor();
    expect(await row.getByRole('button', { name: /Kabul Et/ }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /Reddet/ }).count()).toBe(0);
    await shot(page, 'edges-closed-request');
    await context.close();
  });

  it("shows the 'Ucuz' chip and the Casual tag as 'Gündelik'; a public page of no event answers 404 with the app's not-found page", async () => {
    const user = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/dashboard/physical');
    await page
      .getByRole('button', { name: /Filtre/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Ucuz', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Ücretsiz', exact: true }).count()).toBe(0);

    // The Casual tag reads 'Gündelik' on a Turkish screen, never '#Casual'.
    const token = await accessToken(user.email, user.password);
    const casualId = await createEvent(token, {
      mode: 'ONLINE',
      title: 'Gündelik akşam maçları',
      category: 'game-modes',
      tags: ['casual'],
      location: null,
      publicLocation: null,
      venueType: null,
      platform: 'valorant',
      voiceChat: 'OPTIONAL',
      skillLevel: 'BEGINNER',
    });
    await page.goto(`/dashboard/eventDetails/${casualId}`);
    await page.getByText('#Gündelik').first().waitFor();
    expect(await page.locator('body').textContent()).not.toMatch(/Casual|N\/A/);
    await context.close();

    const anonymous = await newContext(browser);
    const visitor = await anonymous.newPage();
    const res = await visitor.goto(`${baseUrl()}/e/${crypto.randomUUID()}`);
    expect(res?.status()).toBe(404);
    await visitor.getByText('Bu etkinlik bulunamadı', { exact: false }).waitFor();
    await shot(visitor, 'edges-public-404');
    await anonymous.close();
  });
});
