import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { joinRequests, moderationActions, users } from '#db/schema/index.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createEventAs } from '#tests/helpers/flows.ts';
import {
  expectOneError,
  startTestApp,
  subscribe,
  type TestApp,
  type TestUser,
} from '#tests/helpers/test-app.ts';
import { DOCS, moderator, notificationsOf, ok } from './trust.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const LIST = `query List($s: String) { events(filter: {search: $s}, first: 50) { edges { node { id } } } }`;
const listedIds = async (who: TestUser, search: string) =>
  (
    ok(await app.gql(LIST, { s: search }, { token: who.token })).events.edges as { node: { id: string } }[]
  ).map((e) => e.node.id);
const marker = () => `mod${crypto.randomBytes(4).toString('hex')}`;
const suspend = (mod: TestUser, userId: string, extra: Record<string, unknown> = {}) =>
  app.gql(
    DOCS.suspend,
    { input: { userId, reason: 'Tekrarlanan taciz', days: 7, ...extra } },
    { token: mod.token },
  );

describe('suspending a user', () => {
  it('refuses the user everywhere at once with the reason and the end, yet lets them read why and appeal', async () => {
    const mod = await moderator(app);
    const target = await app.newUser();
    const tag = marker();
    const eventId = await createEventAs(app, target, { overrides: { title: `Halı saha ${tag}` } });
    const viewer = await app.newUser();
    expect(await listedIds(viewer, tag)).toEqual([eventId]);

    // A live socket of the user is closed with the suspension's own code.
    const client = app.ws(target.token);
    const closed = new Promise<number>((resolve) =>
      client.on('closed', (event) => resolve((event as { code: number }).code)),
    );
    const live = subscribe(client, 'subscription { notificationAdded { id } }');
    await app.subscribed(channels.notifications(target.id));

    const action = ok(await suspend(mod, target.id)).suspendUser.action;
    expect(action).toMatchObject({ action: 'SUSPEND', reason: 'Tekrarlanan taciz' });
    const until = new Date(action.until as string).getTime();
    expect(until - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(await closed).toBe(4423);
    live.dispose();
    await client.dispose();

    // Every operation with the token they had: FORBIDDEN, ACCOUNT_SUSPENDED, why and until when.
    const refused = expectOneError(
      await app.gql('{ me { id } }', undefined, { token: target.token }),
      'FORBIDDEN',
    );
    expect(refused.extensions).toMatchObject({
      reason: 'ACCOUNT_SUSPENDED',
      suspensionReason: 'Tekrarlanan taciz',
      suspendedUntil: action.until,
    });
    expect(refused.message).toContain('Tekrarlanan taciz');
    const rest = await app.rest('GET', '/private/profile', { token: target.token });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({
      reasonCode: 'ACCOUNT_SUSPENDED',
      suspensionReason: 'Tekrarlanan taciz',
    });
    // The identity provider signed them out: refreshing is refused too.
    const [account] = await app.identity!.repo.accountBySub(target.sub).then((a) => [a]);
    expect(account!.tokensValidAfter!.getTime()).toBeGreaterThan(Date.now() - 5000);

    // A fresh sign-in gets only the two fields a suspended user needs.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const fresh = app.tokenFor({ sub: target.sub, username: target.sub });
    expectOneError(await app.gql('{ me { id } }', undefined, { token: fresh }), 'FORBIDDEN');
    const standing = ok(await app.gql(DOCS.standing, undefined, { token: fresh })).accountStanding;
    expect(standing).toMatchObject({
      suspended: true,
      suspensionReason: 'Tekrarlanan taciz',
      suspendedUntil: action.until,
    });
    expect(standing.actions[0]).toMatchObject({ id: action.id, action: 'SUSPEND', appealable: true });
    const appeal = ok(
      await app.gql(
        DOCS.appeal,
        { input: { actionId: action.id, text: 'Hesabım çalınmıştı, o mesajları ben yazmadım.' } },
        { token: fresh },
      ),
    ).appealModerationAction.appeal;

    // Their event left discovery.
    expect(await listedIds(viewer, tag)).toEqual([]);

    // Overturned on appeal: the suspension is lifted and the user told.
    ok(
      await app.gql(
        DOCS.decide,
        { input: { appealId: appeal.id, overturn: true, note: 'Hesap güvenliği teyit edildi' } },
        { token: mod.token },
      ),
    );
    ok(await app.gql('{ me { id } }', undefined, { token: fresh }));
    expect((await notificationsOf(app, { ...target, token: fresh }))[0].text).toContain(
      'İtirazın kabul edildi',
    );
    expect(await listedIds(viewer, tag)).toEqual([eventId]);
  });

  it('suspends for good, and restores with a reason', async () => {
    const mod = await moderator(app);
    const target = await app.newUser();
    const action = ok(await suspend(mod, target.id, { days: null, reason: 'Dolandırıcılık' })).suspendUser
      .action;
    expect(action.until).toBeNull();
    const refused = expectOneError(
      await app.gql('{ me { id } }', undefined, { token: target.token }),
      'FORBIDDEN',
    );
    expect(refused.extensions).toMatchObject({ reason: 'ACCOUNT_SUSPENDED', suspendedUntil: null });
    expect(refused.message).toContain('süresiz');
    expectOneError(await suspend(mod, target.id, { days: 2 }), 'BAD_USER_INPUT');

    const history = ok(await app.gql(DOCS.user, { id: target.id }, { token: mod.token })).moderationUser;
    expect(history).toMatchObject({
      suspended: true,
      suspendedUntil: null,
      suspensionReason: 'Dolandırıcılık',
    });
    ok(
      await app.gql(
        DOCS.restore,
        { input: { userId: target.id, reason: 'Yanlış kişi' } },
        { token: mod.token },
      ),
    );
    expectOneError(
      await app.gql(DOCS.restore, { input: { userId: target.id, reason: 'Yine' } }, { token: mod.token }),
      'CONFLICT',
    );
    const [row] = await app.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ suspendedAt: null, suspendedUntil: null, suspensionReason: null });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const fresh = app.tokenFor({ sub: target.sub, username: target.sub });
    ok(await app.gql('{ me { id } }', undefined, { token: fresh }));
    const log = ok(await app.gql(DOCS.log, { userId: target.id }, { token: mod.token })).moderationLog.nodes;
    expect(log.map((a: { action: string; moderator: { id: string } }) => [a.action, a.moderator.id])).toEqual(
      [
        ['RESTORE', mod.id],
        ['SUSPEND', mod.id],
      ],
    );
  });

  it.skipIf(!inject('redisUrl'))('refuses the token on another instance at once, through Redis', async () => {
    const other = await startTestApp();
    try {
      const mod = await moderator(app);
      const target = await app.newUser();
      // Instance B has the user cached (viewer and "not revoked" answers) before the suspension.
      ok(await other.gql('{ me { id } }', undefined, { token: target.token }));
      const client = other.ws(target.token);
      const closed = new Promise<number>((resolve) =>
        client.on('closed', (event) => resolve((event as { code: number }).code)),
      );
      const live = subscribe(client, 'subscription { notificationAdded { id } }');
      await other.subscribed(channels.notifications(target.id));

      ok(await suspend(mod, target.id));
      // No waiting for caches to expire: B refuses as soon as the message arrives.
      expect(await closed).toBe(4423);
      const refused = expectOneError(
        await other.gql('{ me { id } }', undefined, { token: target.token }),
        'FORBIDDEN',
      );
      expect(refused.extensions?.reason).toBe('ACCOUNT_SUSPENDED');
      live.dispose();
      await client.dispose();
    } finally {
      await other.close();
    }
  });
});

describe('automatic safeguards', () => {
  it('hides a user reported by three different people from discovery until a moderator reviews', async () => {
    const mod = await moderator(app);
    const target = await app.newUser();
    const tag = marker();
    const eventId = await createEventAs(app, target, { overrides: { title: `Kutu oyunu ${tag}` } });
    const viewer = await app.newUser();
    const reportIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await listedIds(viewer, tag)).toEqual([eventId]);
      const reporter = await app.newUser();
      const res = ok(
        await app.gql(
          DOCS.report,
          { input: { userId: target.id, reason: 'SPAM' } },
          { token: reporter.token },
        ),
      );
      reportIds.push(res.reportUser.report.id);
    }
    expect(await listedIds(viewer, tag)).toEqual([]);
    const [auto] = await app.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetUserId, target.id));
    expect(auto).toMatchObject({ action: 'auto_hide', moderatorId: null });
    expect(
      ok(await app.gql(DOCS.user, { id: target.id }, { token: mod.token })).moderationUser
        .hiddenFromDiscovery,
    ).toBe(true);

    // Reviewed: once no report is left open, the user's events come back.
    for (const reportId of reportIds.slice(0, 2)) {
      ok(await app.gql(DOCS.dismiss, { input: { reportId, reason: 'Spam değil' } }, { token: mod.token }));
      expect(await listedIds(viewer, tag)).toEqual([]);
    }
    ok(
      await app.gql(
        DOCS.dismiss,
        { input: { reportId: reportIds[2], reason: 'Spam değil' } },
        { token: mod.token },
      ),
    );
    expect(await listedIds(viewer, tag)).toEqual([eventId]);
  });

  it('one reporter many times does not hide anyone', async () => {
    const target = await app.newUser();
    const tag = marker();
    const eventId = await createEventAs(app, target, { overrides: { title: `Kahve ${tag}` } });
    const reporter = await app.newUser();
    for (const reason of ['SPAM', 'HARASSMENT', 'OTHER']) {
      const second = await createEventAs(app, target);
      ok(
        await app.gql(
          DOCS.report,
          { input: { userId: target.id, reason, eventId: second } },
          { token: reporter.token },
        ),
      );
    }
    expect(await listedIds(await app.newUser(), tag)).toEqual([eventId]);
  });

  it('starts a cool-down on an event after a blocked join message, and pauses join requests after three', async () => {
    const guest = await app.newUser();
    const hosts = await Promise.all([app.newUser(), app.newUser(), app.newUser(), app.newUser()]);
    const eventIds = await Promise.all(hosts.map((h) => createEventAs(app, h)));
    const ask = (eventId: string, message: string) =>
      app.gql(DOCS.request, { input: { eventId, message } }, { token: guest.token });

    const blocked = ok(await ask(eventIds[0], 'Kabul etmezsen seni öldürürüm'));
    expect(blocked.requestToJoin.joinRequest).toMatchObject({
      status: 'DECLINED',
      check: { verdict: 'BLOCK' },
    });
    const cooling = expectOneError(
      await ask(eventIds[0], 'Pardon, yanlış yazdım. Katılabilir miyim?'),
      'RATE_LIMITED',
    );
    expect(cooling.extensions?.reason).toBe('JOIN_COOL_DOWN');
    expect(cooling.message).toMatch(/\d+ dakika/);
    // An hour later the same event can be asked again.
    await app.database.db
      .update(joinRequests)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(joinRequests.id, blocked.requestToJoin.joinRequest.id));
    expect(ok(await ask(eventIds[0], 'Selam, katılabilir miyim?')).requestToJoin.joinRequest.status).toBe(
      'PENDING',
    );

    ok(await ask(eventIds[1], 'Cevap vermezsen seni öldürürüm'));
    ok(await ask(eventIds[2], 'Seni öldürürüm, adresini biliyorum'));
    const paused = expectOneError(await ask(eventIds[3], 'Merhaba, katılmak isterim'), 'RATE_LIMITED');
    expect(paused.extensions?.reason).toBe('JOIN_PAUSED');
    const standing = ok(await app.gql(DOCS.standing, undefined, { token: guest.token })).accountStanding;
    expect(standing.joinRequestsPausedUntil).not.toBeNull();
    expect(standing.actions[0]).toMatchObject({
      action: 'AUTO_PAUSE_JOINS',
      moderator: null,
      appealable: true,
    });
    // Blocked join messages reach the moderators' flag queue.
    const mod = await moderator(app);
    const flags = ok(await app.gql(DOCS.flags, {}, { token: mod.token })).contentFlags.nodes.filter(
      (f: { author: { id: string } }) => f.author.id === guest.id,
    );
    expect(flags).toHaveLength(3);
    expect(flags[0]).toMatchObject({ kind: 'JOIN_MESSAGE', verdict: 'BLOCK' });
  });
});
