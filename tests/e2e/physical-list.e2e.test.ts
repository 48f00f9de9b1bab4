import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, confirmedAccount, graphql } from './accounts.ts';
import { DESKTOP, launch, newContext, shot, signIn, watchErrors } from './browser.ts';
import { startOwnApp, type OwnApp } from './own-app.ts';

// The physical list (issue 27.4): while the map settles the count shows 'counting' or the settled
// area's number, never a provisional one (the audit saw 0 → 275 → 103), and 'Daha fazla' reaches the
// events past the first page of 100.

// On an app of its own: the counts are exact, whatever other suites created on the shared one.
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
const account = () => confirmedAccount('Squad-e2e-1', own.url);

const dayInTurkey = (offsetDays: number) =>
  new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

const NEAR = 120; // around the map's default centre (Istanbul's), in view at the default zoom
const FAR = 12; // in Ankara: counted by a query without the map's area, not by the settled one

// A weekly series of 12 dates costs one token (ADR 048): five per new account.
async function createSeries(token: string, i: number, point: { lat: number; lng: number }, where: string) {
  await graphql(
    token,
    `
      mutation SeedForPhysicalListE2E($input: CreateEventInput!) {
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
        title: `Liste sayfası tavla ${i + 1}`,
        description: 'Çay, tavla ve sohbet; herkes gelebilir.',
        category: 'board-games',
        tags: ['catan'],
        date: dayInTurkey(2),
        time: '19:00',
        durationMinutes: 120,
        maxParticipants: 6,
        location: { name: `Buluşma noktası ${i + 1}`, address: where, ...point },
        publicLocation: where,
        recurrence: { frequency: 'WEEKLY', count: 12 },
      },
    },
    own.url,
  );
}

async function seed() {
  const hosts = await Promise.all([account(), account(), account()]);
  const [a, b, c] = await Promise.all(hosts.map((h) => accessToken(h.email, h.password, own.url)));
  // Ten places within about 500 m of Sultanahmet (Fatih), five series per host.
  const near = Array.from({ length: NEAR / 12 }, (_, i) => ({
    lat: 41.0082 + 0.004 * Math.cos(i),
    lng: 28.9784 + 0.004 * Math.sin(i),
  }));
  for (let i = 0; i < near.length; i++) {
    await createSeries(i < 5 ? a : b, i, near[i], 'Fatih, İstanbul');
  }
  await createSeries(c, 99, { lat: 39.9208, lng: 32.8541 }, 'Çankaya, Ankara');
}

// Every text the count line shows, from the page's first paint on.
async function recordCounts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __counts: string[] }).__counts = seen;
    const read = () => {
      const text = document.querySelector('[data-testid="events-found"]')?.textContent ?? null;
      if (text !== null && text !== seen[seen.length - 1]) seen.push(text);
    };
    new MutationObserver(read).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __counts: string[] }).__counts);
}

describe('the physical list (issue 27)', () => {
  it('counts only the settled map area and reaches the events past 100 with "Daha fazla"', async () => {
    await seed();
    const viewer = await account();
    // Without the map's area the nearest-first list counts Ankara's dates too: a provisional count.
    const all = await graphql<{ events: { totalCount: number } }>(
      await accessToken(viewer.email, viewer.password, own.url),
      `
        query AllForPhysicalListE2E($filter: EventFilter!) {
          events(filter: $filter, first: 1) {
            totalCount
          }
        }
      `,
      { filter: { mode: 'PHYSICAL', near: { lat: 41.0082, lng: 28.9784 } } },
      own.url,
    );
    expect(all.events.totalCount).toBe(NEAR + FAR);
    const context = await newContext(browser, DESKTOP, { base: own.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const counts = await recordCounts(page);
    // What the map is given for a non-participant's markers (issue 27: not on a visible 1 km grid).
    const points = new Map<string, { lat: number; lng: number }>();
    page.on('response', async (res) => {
      if (!res.url().includes('/graphql')) return;
      const body = (await res.json().catch(() => null)) as {
        data?: {
          events?: { edges: { node: { id: string; location: { lat: number; lng: number } | null } }[] };
        };
      } | null;
      for (const { node } of body?.data?.events?.edges ?? [])
        if (node.location) points.set(node.id, node.location);
    });
    await signIn(page, viewer.email, viewer.password);
    const found = page.getByTestId('events-found');
    await expect.poll(() => found.textContent(), { timeout: 20_000 }).toBe(`${NEAR} etkinlik bulundu`);
    // The map keeps settling for a while (tiles failing, outlines drawn, the list beside it).
    await page.getByTestId('event-map').locator('.leaflet-control-attribution').waitFor();
    await page.waitForTimeout(2_000);
    const shown = await counts();
    expect(shown).toContain(`${NEAR} etkinlik bulundu`);
    expect(shown.filter((t) => t !== 'Etkinlikler sayılıyor…' && t !== `${NEAR} etkinlik bulundu`)).toEqual(
      [],
    );

    // The first page: 100 cards, then 'Daha fazla' appends the other 20, each event once.
    const cards = page.getByTestId('event-card');
    await expect.poll(() => cards.count()).toBe(100);
    const more = page.getByTestId('events-load-more');
    await more.scrollIntoViewIfNeeded();
    await shot(page, 'physical-list-first-page');
    await more.click();
    await expect.poll(() => cards.count()).toBe(NEAR);
    expect(await more.count()).toBe(0);
    const ids = await cards
      .locator('a[href^="/dashboard/eventDetails/"]')
      .evaluateAll((links) => [...new Set(links.map((l) => l.getAttribute('href')))]);
    expect(ids).toHaveLength(NEAR);
    // Each event's public point is offset inside its 0.01° cell: none on the grid, and the ten places'
    // fifty dates do not pile up on the few cells they share.
    expect(points.size).toBe(NEAR);
    const onGrid = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
    expect([...points.values()].filter((p) => onGrid(p.lat) && onGrid(p.lng))).toEqual([]);
    expect(new Set([...points.values()].map((p) => `${p.lat},${p.lng}`)).size).toBe(points.size);

    expect(await found.textContent()).toBe(`${NEAR} etkinlik bulundu`);
    // Scrolled to its end, the list's last 'Katıl' is clear of the floating '+'.
    await cards.last().scrollIntoViewIfNeeded();
    await cards.last().evaluate((card) => {
      const list = card.closest('ul');
      if (list) list.scrollTop = list.scrollHeight;
      window.scrollTo(0, document.body.scrollHeight);
    });
    const join = (await cards.last().getByTestId('card-join').boundingBox())!;
    const fab = (await page.getByTestId('create-fab').boundingBox())!;
    const apart =
      join.x + join.width <= fab.x ||
      fab.x + fab.width <= join.x ||
      join.y + join.height <= fab.y ||
      fab.y + fab.height <= join.y;
    expect(apart, JSON.stringify({ join, fab })).toBe(true);
    await shot(page, 'physical-list-all');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
