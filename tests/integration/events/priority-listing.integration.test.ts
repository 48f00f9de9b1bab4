import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPurchases } from '#db/schema/index.ts';
import { buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// "Öncelikli listeleme" of the Enterprise package (ADR 038): while the package is valid, the buyer's
// events come first within each page of a list and are marked featured; pages and cursors keep the
// query's order (here nearest first).
let app: TestApp;
let viewer: TestUser;
// Van: far from every other test's events.
const center = { lat: 38.5012, lng: 43.373 };
beforeAll(async () => {
  app = await startTestApp();
  viewer = await app.newUser();
});
afterAll(() => app?.close());

const DAY = 24 * 3600_000;
async function buy(user: TestUser, packageId: string, paidDaysAgo: number, status = 'paid') {
  const paidAt = new Date(Date.now() - paidDaysAgo * DAY);
  await app.database.db.insert(tokenPurchases).values({
    userId: user.id,
    packageId,
    tokens: 50,
    bonusTokens: 10,
    amountCents: 6999,
    provider: 'sandbox',
    status,
    createdAt: paidAt,
    expiresAt: new Date(paidAt.getTime() + 3600_000),
    paidAt,
  });
}

async function hostAt(km: number, title: string) {
  const host = await app.newUser();
  const input = buildPhysicalEventInput({
    title,
    location: { name: title, lat: center.lat + km / 111, lng: center.lng },
    publicLocation: 'Tuşba, Van',
  });
  const res = await app.gql(CREATE_EVENT, { input }, { token: host.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return { host, id: res.data.createEvent.event.id as string };
}

const NEAR = `query($first: Int!, $after: String) {
  events(filter: {mode: PHYSICAL, near: {lat: ${center.lat}, lng: ${center.lng}}, radiusKm: 20}, first: $first, after: $after) {
    edges { node { title featured distanceKm } } pageInfo { endCursor hasNextPage } } }`;

describe('priority listing', () => {
  it('puts events of hosts with a valid Enterprise package first within a page, keeping pages nearest first', async () => {
    await hostAt(1, 'Van yakın');
    await hostAt(3, 'Van orta');
    const featured = await hostAt(11, 'Van öne çıkan');
    const expired = await hostAt(5, 'Van süresi geçmiş');
    const refunded = await hostAt(7, 'Van iade');
    const starter = await hostAt(9, 'Van starter');
    await buy(featured.host, 'enterprise', 10);
    await buy(expired.host, 'enterprise', 121); // Enterprise is valid for 120 days
    await buy(refunded.host, 'enterprise', 5, 'refunded');
    await buy(starter.host, 'starter', 1); // no priority listing in that package

    const all = await app.gql(NEAR, { first: 10 }, { token: viewer.token });
    expect(all.errors).toBeUndefined();
    const titles = all.data.events.edges.map((e: { node: { title: string } }) => e.node.title);
    expect(titles).toEqual([
      'Van öne çıkan',
      'Van yakın',
      'Van orta',
      'Van süresi geçmiş',
      'Van iade',
      'Van starter',
    ]);
    expect(all.data.events.edges.map((e: { node: { featured: boolean } }) => e.node.featured)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);

    // Pages stay nearest first: the featured event is not pulled into a page it does not belong to (it
    // leads only the last page, its own), and paging with endCursor meets every event once.
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const res: { data: any } = await app.gql(NEAR, { first: 2, after }, { token: viewer.token });
      seen.push(...res.data.events.edges.map((e: { node: { title: string } }) => e.node.title));
      if (!res.data.events.pageInfo.hasNextPage) break;
      after = res.data.events.pageInfo.endCursor;
    }
    expect(seen).toEqual([
      'Van yakın',
      'Van orta',
      'Van süresi geçmiş',
      'Van iade',
      'Van öne çıkan',
      'Van starter',
    ]);

    // The event page knows too (not read through a list).
    const one = await app.gql(
      'query($id: ID!) { event(id: $id) { featured } }',
      { id: featured.id },
      {
        token: viewer.token,
      },
    );
    expect(one.data.event.featured).toBe(true);
  });
});
