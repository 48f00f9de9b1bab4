import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { startTestApp, type GqlResponse, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// The physical list's 'Daha fazla' (issue 27.4): more than 100 events near a point are all reached by
// following the cursor, each exactly once, nearest first, and the count is what the pages reach.
const MARK = `pg${crypto.randomUUID().slice(0, 6)}`;
const CENTER = { lat: 40.98335, lng: 29.02541 };
const TOTAL = 130;
type EventsPage = {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: { id: string; distanceKm: number } }[];
};
let app: TestApp;
let viewer: TestUser;

const PAGE = `query Page($filter: EventFilter, $first: Int!, $after: String) {
  events(filter: $filter, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id distanceKm } }
  }
}`;

beforeAll(async () => {
  app = await startTestApp();
  viewer = await app.newUser();
  // Points on a spiral within ~600 m of the centre, each at its own distance.
  const points = Array.from({ length: TOTAL }, (_, i) => {
    const r = 0.0002 + i * 0.00004;
    return { lat: CENTER.lat + r * Math.cos(i), lng: CENTER.lng + r * Math.sin(i) };
  });
  for (let start = 0; start < TOTAL; start += 10) {
    await Promise.all(
      points.slice(start, start + 10).map(async (p, j) => {
        const owner = await app.newUser();
        const input = buildPhysicalEventInput({
          title: `${MARK} maç ${start + j}`,
          location: { name: 'Moda', address: 'Caferağa, Kadıköy', ...p },
        });
        const res = await app.gql(CREATE_EVENT, { input }, { token: owner.token });
        if (res.errors) throw new Error(JSON.stringify(res.errors));
      }),
    );
  }
}, 600_000);

afterAll(async () => {
  await app?.close();
});

async function allPages(first: number, filter: Record<string, unknown>) {
  const ids: string[] = [];
  const distances: number[] = [];
  const counts: number[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const res: GqlResponse<{ events: EventsPage }> = await app.gql(
      PAGE,
      { filter, first, after },
      { token: viewer.token },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    const conn: EventsPage = res.data.events;
    pages += 1;
    counts.push(conn.totalCount);
    for (const e of conn.edges) {
      ids.push(e.node.id);
      distances.push(e.node.distanceKm);
    }
    if (!conn.pageInfo.hasNextPage) break;
    after = conn.pageInfo.endCursor;
    expect(pages).toBeLessThan(20);
  }
  return { ids, distances, counts, pages };
}

describe('physical list paging near a point', () => {
  it('reaches every one of more than 100 events exactly once, nearest first, as many as counted', async () => {
    const filter = { mode: 'PHYSICAL', near: CENTER, radiusKm: 5, search: MARK };
    for (const first of [100, 40]) {
      const { ids, distances, counts, pages } = await allPages(first, filter);
      expect(pages).toBe(Math.ceil(TOTAL / first));
      expect(ids).toHaveLength(TOTAL);
      expect(new Set(ids).size).toBe(TOTAL);
      expect(counts.every((c) => c === TOTAL)).toBe(true);
      const sorted = [...distances].sort((a, b) => a - b);
      expect(distances).toEqual(sorted);
    }
  });
});
