import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '#server/pubsub/channels.ts';
import { startTestApp, subscribe, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';
import { DOCS, moderator, ok } from './trust.fixtures.ts';

// A suspended user's open page hears the appeal's decision at once (ADR 057): a suspended account
// may open a socket, where only accountStandingChanged answers; everything else is refused with
// ACCOUNT_SUSPENDED, as over HTTP.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const LIVE = `subscription { accountStandingChanged { suspended suspendedUntil suspensionReason
  actions { id action appeal { id status } } } }`;

async function suspendedWithAppeal(mod: TestUser) {
  const user = await app.newUser();
  const action = ok(
    await app.gql(
      DOCS.suspend,
      { input: { userId: user.id, reason: 'Spam mesajlar', days: 3 } },
      { token: mod.token },
    ),
  ).suspendUser.action;
  // The suspension revoked the tokens issued before it: a fresh sign-in, as the suspended page has.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const token = app.tokenFor({ sub: user.sub, username: user.sub });
  const appeal = ok(
    await app.gql(DOCS.appeal, { input: { actionId: action.id, text: 'Yanlışlık oldu.' } }, { token }),
  ).appealModerationAction.appeal;
  return { user, token, action, appeal };
}

describe('the suspended page, live', () => {
  it('hears an accepted appeal at once: no longer suspended', async () => {
    const mod = await moderator(app);
    const { user, token, action, appeal } = await suspendedWithAppeal(mod);
    const client = app.ws(token);
    const live = subscribe(client, LIVE);
    // Other subscriptions on the same socket are refused with the suspension's reason.
    const other = subscribe(client, 'subscription { notificationAdded { id } }');
    await app.subscribed(channels.standing(user.id));

    ok(
      await app.gql(
        DOCS.decide,
        { input: { appealId: appeal.id, overturn: true, note: 'Teyit edildi' } },
        { token: mod.token },
      ),
    );
    const [event] = await live.waitFor(1);
    expect(event.errors).toBeUndefined();
    expect(event.data.accountStandingChanged).toMatchObject({
      suspended: false,
      suspendedUntil: null,
      suspensionReason: null,
    });
    expect(event.data.accountStandingChanged.actions).toContainEqual({
      id: action.id,
      action: 'SUSPEND',
      appeal: { id: appeal.id, status: 'OVERTURNED' },
    });

    const refused = await other.waitFor(1).then(
      (r) => r[0]?.errors ?? [],
      (err: unknown) => (Array.isArray(err) ? err : [err]),
    );
    expect(refused).toHaveLength(1);
    expect(refused[0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'ACCOUNT_SUSPENDED' });
    live.dispose();
    other.dispose();
    await client.dispose();
  });

  it('hears an upheld appeal too (still suspended, the appeal decided), and nobody else’s decisions', async () => {
    const mod = await moderator(app);
    const mine = await suspendedWithAppeal(mod);
    const theirs = await suspendedWithAppeal(mod);
    const client = app.ws(mine.token);
    const live = subscribe(client, LIVE);
    await app.subscribed(channels.standing(mine.user.id));

    // Someone else's appeal decided first: nothing arrives on this page.
    ok(
      await app.gql(
        DOCS.decide,
        { input: { appealId: theirs.appeal.id, overturn: true, note: 'Teyit edildi' } },
        { token: mod.token },
      ),
    );
    ok(
      await app.gql(
        DOCS.decide,
        { input: { appealId: mine.appeal.id, overturn: false, note: 'Kayıtlar açık' } },
        { token: mod.token },
      ),
    );
    const [event] = await live.waitFor(1);
    expect(live.received).toHaveLength(1);
    expect(event.data.accountStandingChanged).toMatchObject({
      suspended: true,
      suspensionReason: 'Spam mesajlar',
    });
    expect(event.data.accountStandingChanged.actions).toContainEqual({
      id: mine.action.id,
      action: 'SUSPEND',
      appeal: { id: mine.appeal.id, status: 'UPHELD' },
    });
    live.dispose();
    await client.dispose();
  });
});
