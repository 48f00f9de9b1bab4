import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, userBadges } from '#db/schema/index.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { createEventAs, joinEvent, moveEventEnd } from '#tests/helpers/flows.ts';
import { photoWithGps } from '#tests/factories/images.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const BADGES = `{ me { badges { id name description icon earnedAt } } }`;
const badgeIds = async (user: TestUser) =>
  ((await app.gql(BADGES, undefined, { token: user.token })).data.me.badges as { id: string }[])
    .map((b) => b.id)
    .sort();
const badgeRows = (user: TestUser, badgeId: string) =>
  app.database.db
    .select()
    .from(userBadges)
    .where(and(eq(userBadges.userId, user.id), eq(userBadges.badgeId, badgeId)));
const badgeNotifications = (user: TestUser) =>
  app.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'badge_earned')));

const DAY = 86_400_000;
const dayFromNow = (days: number) => toTurkeyDateTime(new Date(Date.now() + days * DAY)).date;

describe('badges', () => {
  it('awards the first hosted event once, with a notification, even for parallel creations', async () => {
    const host = await app.newUser();
    await Promise.all([createEventAs(app, host), createEventAs(app, host), createEventAs(app, host)]);
    expect(await badgeRows(host, 'first-host')).toHaveLength(1);
    const notes = await badgeNotifications(host);
    expect(notes.map((n) => (n.data as { badgeId: string }).badgeId)).toEqual(['first-host']);

    const listed = await app.gql(`{ notifications(first: 5) { nodes { type text } } }`, undefined, {
      token: host.token,
    });
    expect(listed.data.notifications.nodes).toContainEqual({
      type: 'BADGE_EARNED',
      text: 'Yeni rozet kazandın: İlk Etkinlik',
    });
    const english = await app.gql(BADGES, undefined, {
      token: host.token,
      headers: { 'accept-language': 'en' },
    });
    expect(english.data.me.badges).toEqual([
      expect.objectContaining({ id: 'first-host', name: 'First Event', icon: '🎉' }),
    ]);

    await createEventAs(app, host);
    await createEventAs(app, host);
    expect(await badgeIds(host)).toEqual(['first-host', 'host-5']);
    expect(await badgeRows(host, 'first-host')).toHaveLength(1);
    expect(await badgeNotifications(host)).toHaveLength(2);
  });

  it('awards joining, night owl, early bird and both worlds when the host accepts', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const late = await createEventAs(app, host, { overrides: { time: '23:30' } });
    expect(await badgeIds(host)).toEqual(['first-host', 'night-owl']);
    await joinEvent(app, late, host, guest);
    expect(await badgeIds(guest)).toEqual(['first-join', 'night-owl']);
    const early = await createEventAs(app, host, { online: true, overrides: { time: '07:00' } });
    await joinEvent(app, early, host, guest);
    expect(await badgeIds(guest)).toEqual(['both-worlds', 'early-bird', 'first-join', 'night-owl']);
  });

  it('awards a streak of four weeks in a row', async () => {
    const host = await app.newUser();
    for (const days of [3, 10, 17]) await createEventAs(app, host, { overrides: { date: dayFromNow(days) } });
    expect(await badgeIds(host)).not.toContain('streak-4');
    await createEventAs(app, host, { overrides: { date: dayFromNow(24) } });
    expect(await badgeIds(host)).toContain('streak-4');
  });

  it('awards the five-star host and the helpful rater from ratings', async () => {
    const host = await app.newUser();
    const guests = await Promise.all(Array.from({ length: 5 }, () => app.newUser()));
    const id = await createEventAs(app, host);
    for (const g of guests) await joinEvent(app, id, host, g);
    await moveEventEnd(app, id, 3600_000);
    const rate = (g: TestUser, score: number) =>
      app.gql(
        `mutation($input: RateEventInput!) { rateEvent(input: $input) { rating { id } } }`,
        { input: { eventId: id, score, feedback: 'Çok iyi organize etti, teşekkürler!' } },
        { token: g.token },
      );
    for (const g of guests.slice(0, 4)) expect((await rate(g, 5)).errors).toBeUndefined();
    expect(await badgeIds(host)).not.toContain('five-star-host');
    expect((await rate(guests[4], 4)).errors).toBeUndefined();
    // 4.8 exactly: earned.
    expect(await badgeIds(host)).toContain('five-star-host');

    // Feedback on five events earns the helpful rater.
    const rater = guests[0];
    for (let i = 0; i < 4; i++) {
      const other = await app.newUser();
      const e = await createEventAs(app, other);
      await joinEvent(app, e, other, rater);
      await moveEventEnd(app, e, 3600_000);
      const res = await app.gql(
        `mutation($input: RateEventInput!) { rateEvent(input: $input) { rating { id } } }`,
        { input: { eventId: e, score: 5, feedback: 'Güzel bir akşamdı.' } },
        { token: rater.token },
      );
      expect(res.errors).toBeUndefined();
    }
    expect(await badgeIds(rater)).toContain('helpful-rater');
  });

  it('awards a complete profile when the last piece arrives, and says so in the payload', async () => {
    const user = await app.newUser();
    const update = (input: Record<string, unknown>) =>
      app.gql(
        `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { newBadges { id name } } }`,
        { input },
        { token: user.token },
      );
    const first = await update({
      username: `tam${Math.random().toString(36).slice(2, 8)}`,
      bio: 'Merhaba!',
      city: 'Bursa',
      interests: ['satranc', 'kahve-sohbeti', 'valorant'],
    });
    expect(first.data.updateProfile.newBadges).toEqual([]);
    const create = await app.gql(
      `mutation { createAvatarUpload(input: {contentType: "image/jpeg"}) { upload { id url } } }`,
      undefined,
      { token: user.token },
    );
    const { id, url } = create.data.createAvatarUpload.upload;
    const u = new URL(url as string);
    await fetch(`${app.baseUrl}${u.pathname}${u.search}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: new Uint8Array(await photoWithGps()),
    });
    const done = await app.gql(
      `mutation($id: ID!) { completeAvatarUpload(input: {uploadId: $id}) { newBadges { id } } }`,
      { id },
      { token: user.token },
    );
    expect(done.errors).toBeUndefined();
    // The PUT already processed it (embedded mode), so the badge came then; it exists once.
    expect(await badgeIds(user)).toEqual(['profile-complete']);
    expect(await badgeRows(user, 'profile-complete')).toHaveLength(1);
  });

  it('lists every badge in the catalogue, for anyone', async () => {
    const res = await app.gql(`{ badgeCatalog { id name description icon } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.badgeCatalog.length).toBeGreaterThanOrEqual(10);
    expect(res.data.badgeCatalog[0]).toEqual({
      id: 'first-host',
      name: 'İlk Etkinlik',
      description: 'İlk etkinliğini düzenledin.',
      icon: '🎉',
    });
  });
});
