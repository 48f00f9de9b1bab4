import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.ts';
import { createEventAs } from '#tests/helpers/flows.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Auto-approval only for what is clearly fine (issue 25 point 5, ADR 073): whatever the host's rules
// say, a request waits for the host when any layer of the content check raised a signal, when the
// check is not confident the message is fine, and when a brand-new account asks for the first time to
// join a physical event.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const ASK = `mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { status autoApproved check { verdict reasons } } } }`;

const FINE = 'Merhaba, kaleci olarak gelebilir miyim? Saat kaçta?';

async function aged(user: TestUser, days = 2) {
  await app.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - days * 24 * 3600_000), emailVerified: 1 })
    .where(eq(users.id, user.id));
  app.services.users.forget(user.sub);
  return user;
}
// An event whose host accepts every requester with a verified e-mail (ADR 045).
const openEvent = async (online = false) =>
  createEventAs(app, await app.newUser(), { online, overrides: { autoApproval: { verifiedEmail: true } } });
async function verified(user: TestUser) {
  await app.database.db.update(users).set({ emailVerified: 1 }).where(eq(users.id, user.id));
  app.services.users.forget(user.sub);
  return user;
}
async function ask(user: TestUser, eventId: string, message?: string) {
  const res = await app.gql(ASK, { input: { eventId, message } }, { token: user.token });
  expect(res.errors).toBeUndefined();
  return res.data.requestToJoin.joinRequest;
}

describe('auto-approval only for what is clearly fine', () => {
  it('approves a clearly fine message from an account older than a day', async () => {
    const request = await ask(await aged(await app.newUser()), await openEvent(), FINE);
    expect(request).toMatchObject({ status: 'ACCEPTED', autoApproved: true, check: { verdict: 'OK' } });
  });

  it('never approves a message a rule flagged, however mild', async () => {
    const request = await ask(
      await aged(await app.newUser()),
      await openEvent(),
      'tek başına mı geliyorsun?',
    );
    expect(request.check.verdict).toBe('REVIEW');
    expect(request).toMatchObject({ status: 'PENDING', autoApproved: false });
  });

  it('never approves a message only the model flagged', async () => {
    // No rule fires on this veiled threat; the model's review is a signal all the same.
    const request = await ask(
      await aged(await app.newUser()),
      await openEvent(),
      'reddetmeyi bir dene, sonra konuşuruz yüz yüze',
    );
    expect(request.check).toMatchObject({ verdict: 'REVIEW', reasons: ['Mesajında tehdit var'] });
    expect(request).toMatchObject({ status: 'PENDING', autoApproved: false });
  });

  it('never approves an ok message the check is not confident of', async () => {
    // Passes the check (no signal), but the model's P(ok) is far from clearly fine.
    const request = await ask(
      await aged(await app.newUser()),
      await openEvent(),
      'bu etkinliğe sırf host için geliyorum',
    );
    expect(request.check).toEqual({ verdict: 'OK', reasons: [] });
    expect(request).toMatchObject({ status: 'PENDING', autoApproved: false });
  });

  it('holds a day-old account’s first request to a physical event, not to an online one, nor its next', async () => {
    const fresh = await verified(await app.newUser());
    const physical = await ask(fresh, await openEvent(), FINE);
    expect(physical).toMatchObject({ status: 'PENDING', autoApproved: false, check: { verdict: 'OK' } });
    // Its second request is not its first any more.
    expect(await ask(fresh, await openEvent(), FINE)).toMatchObject({
      status: 'ACCEPTED',
      autoApproved: true,
    });
    // An online event meets nobody in person.
    expect(await ask(await verified(await app.newUser()), await openEvent(true), FINE)).toMatchObject({
      status: 'ACCEPTED',
      autoApproved: true,
    });
  });
});
