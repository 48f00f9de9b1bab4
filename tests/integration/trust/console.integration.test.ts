import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contentFlags, events, moderationActions, ratings, reports, users } from '#db/schema/index.ts';
import { buildPhysicalEventInput } from '#tests/factories/events.ts';
import { createEventAs, joinEvent } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';
import { DOCS, moderator, notificationsOf, ok } from './trust.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const fileReport = (who: TestUser, target: TestUser, extra: Record<string, unknown> = {}) =>
  app.gql(
    DOCS.report,
    { input: { userId: target.id, reason: 'HARASSMENT', message: 'Mesajlarda hakaret etti.', ...extra } },
    { token: who.token },
  );

describe('who may moderate', () => {
  // Every query and mutation of the console, with arguments that would be valid for a moderator.
  const id = '00000000-0000-4000-8000-000000000000';
  const operations: [string, Record<string, unknown>][] = [
    [DOCS.counts, {}],
    [DOCS.reports, {}],
    [DOCS.flags, {}],
    [DOCS.appeals, {}],
    [DOCS.log, {}],
    [DOCS.user, { id }],
    [DOCS.dismiss, { input: { reportId: id, reason: 'sebep' } }],
    [DOCS.warn, { input: { userId: id, reason: 'sebep' } }],
    [DOCS.remove, { input: { flagId: id, reason: 'sebep' } }],
    [DOCS.keep, { input: { flagId: id, reason: 'sebep' } }],
    [DOCS.cancel, { input: { eventId: id, reason: 'sebep' } }],
    [DOCS.suspend, { input: { userId: id, reason: 'sebep', days: 1 } }],
    [DOCS.restore, { input: { userId: id, reason: 'sebep' } }],
    [DOCS.decide, { input: { appealId: id, overturn: true, note: 'not' } }],
  ];

  it('refuses every console query and mutation to a normal user (FORBIDDEN) and to nobody (UNAUTHENTICATED)', async () => {
    const user = await app.newUser();
    for (const [query, variables] of operations) {
      expectOneError(await app.gql(query, variables, { token: user.token }), 'FORBIDDEN');
      expectOneError(await app.gql(query, variables), 'UNAUTHENTICATED');
    }
    // Nothing was written on the way.
    const rows = await app.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetUserId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('lets a moderator in, and shows staff their role', async () => {
    const mod = await moderator(app);
    const counts = ok(await app.gql(DOCS.counts, undefined, { token: mod.token }));
    expect(counts.moderationQueueCounts.reports).toBeGreaterThanOrEqual(0);
    const me = ok(await app.gql('{ me { role } }', undefined, { token: mod.token }));
    expect(me.me.role).toBe('MODERATOR');
  });

  it('grants and revokes the role with `npm run admin`', async () => {
    const user = await app.newUser();
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    const run = (...args: string[]) =>
      spawnSync('npx', ['tsx', 'scripts/admin.ts', ...args], {
        encoding: 'utf8',
        env: {
          ...process.env,
          DATABASE_URL: inject('databaseUrl'),
          REDIS_URL: inject('redisUrl') || '',
          LOG_LEVEL: 'silent',
        },
      });
    const granted = run('grant', 'moderator', row.email!.toUpperCase());
    expect(granted.stderr).toBe('');
    expect(granted.stdout).toContain('is now moderator');
    // With Redis the command tells every instance at once; without it the cache lasts up to a minute.
    if (!inject('redisUrl')) app.services.users.forget(user.sub);
    else
      await expect
        .poll(async () => (await app.gql(DOCS.counts, undefined, { token: user.token })).errors)
        .toBeUndefined();
    ok(await app.gql(DOCS.counts, undefined, { token: user.token }));
    expect(run('list').stdout).toContain(row.email!);
    expect(run('revoke', row.email!).stdout).toContain('is now user');
    if (!inject('redisUrl')) app.services.users.forget(user.sub);
    await expect
      .poll(
        async () =>
          (await app.gql(DOCS.counts, undefined, { token: user.token })).errors?.[0]?.extensions?.code,
      )
      .toBe('FORBIDDEN');

    const unknown = run('grant', 'moderator', 'kimse-yok@squad.test');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No Squad user');
    expect(run('grant', 'king', 'x@y.z').status).toBe(2);
  });

  it('keeps moderators from acting on themselves, and on other staff unless admin', async () => {
    const mod = await moderator(app);
    const other = await moderator(app);
    const admin = await moderator(app, 'admin');
    expectOneError(
      await app.gql(DOCS.warn, { input: { userId: mod.id, reason: 'kendime' } }, { token: mod.token }),
      'BAD_USER_INPUT',
    );
    expectOneError(
      await app.gql(DOCS.suspend, { input: { userId: other.id, reason: 'denemek' } }, { token: mod.token }),
      'FORBIDDEN',
    );
    ok(
      await app.gql(DOCS.warn, { input: { userId: other.id, reason: 'dikkat et' } }, { token: admin.token }),
    );
  });
});

describe('the reports queue', () => {
  it('shows a report with reporter, target and history; dismissing tells the reporter and logs who and why', async () => {
    const mod = await moderator(app);
    const reporter = await app.newUser();
    const target = await app.newUser();
    const reportId = ok(await fileReport(reporter, target)).reportUser.report.id as string;

    const queue = ok(await app.gql(DOCS.reports, {}, { token: mod.token }));
    const listed = queue.moderationReports.nodes.find((r: { id: string }) => r.id === reportId);
    expect(listed).toMatchObject({
      status: 'OPEN',
      reason: 'HARASSMENT',
      message: 'Mesajlarda hakaret etti.',
      reporter: { id: reporter.id },
      target: { id: target.id },
      targetReportCount: 1,
    });

    expectOneError(
      await app.gql(DOCS.dismiss, { input: { reportId, reason: ' ' } }, { token: mod.token }),
      'BAD_USER_INPUT',
    );
    const done = ok(
      await app.gql(DOCS.dismiss, { input: { reportId, reason: 'Kanıt yok' } }, { token: mod.token }),
    );
    expect(done.dismissReport.action).toMatchObject({
      action: 'DISMISS',
      reason: 'Kanıt yok',
      moderator: { id: mod.id },
      target: { id: target.id },
      report: { id: reportId, status: 'DISMISSED' },
    });
    // Twice is a conflict, not a second log line.
    expectOneError(
      await app.gql(DOCS.dismiss, { input: { reportId, reason: 'Kanıt yok' } }, { token: mod.token }),
      'CONFLICT',
    );
    const told = await notificationsOf(app, reporter);
    expect(told[0]).toMatchObject({ type: 'REPORT_RESOLVED' });
    expect(told[0].text).toContain('bir durum bulmadık');
    const log = ok(await app.gql(DOCS.log, { userId: target.id }, { token: mod.token }));
    expect(log.moderationLog.nodes).toEqual([
      expect.objectContaining({ action: 'DISMISS', reason: 'Kanıt yok', moderator: { id: mod.id } }),
    ]);
  });
});

describe('warnings and appeals', () => {
  it('warns a user, who sees it without the moderator and may appeal exactly once', async () => {
    const mod = await moderator(app);
    const reporter = await app.newUser();
    const target = await app.newUser();
    const reportId = ok(await fileReport(reporter, target)).reportUser.report.id as string;
    const warned = ok(
      await app.gql(
        DOCS.warn,
        { input: { userId: target.id, reason: 'Hakaret etme lütfen', reportId } },
        { token: mod.token },
      ),
    ).warnUser.action;
    expect(warned.report).toEqual({ id: reportId, status: 'REVIEWED' });
    expect((await notificationsOf(app, target))[0]).toMatchObject({
      type: 'MODERATION_WARNING',
      text: 'Moderatörlerden uyarı: Hakaret etme lütfen',
    });
    expect((await notificationsOf(app, reporter))[0].text).toContain('gerekli işlemi yaptık');

    const standing = ok(await app.gql(DOCS.standing, undefined, { token: target.token })).accountStanding;
    expect(standing.suspended).toBe(false);
    expect(standing.actions).toEqual([
      expect.objectContaining({ id: warned.id, action: 'WARN', appealable: true, moderator: null }),
    ]);

    // Someone else cannot appeal it; it looks like no action at all.
    const stranger = await app.newUser();
    expectOneError(
      await app.gql(
        DOCS.appeal,
        { input: { actionId: warned.id, text: 'Bu uyarı haksız bence.' } },
        { token: stranger.token },
      ),
      'NOT_FOUND',
    );
    const appealed = ok(
      await app.gql(
        DOCS.appeal,
        { input: { actionId: warned.id, text: 'Kimseye hakaret etmedim, yanlış anlaşılma oldu.' } },
        { token: target.token },
      ),
    ).appealModerationAction;
    expect(appealed.action).toMatchObject({ appealable: false, appeal: { id: appealed.appeal.id } });
    expectOneError(
      await app.gql(
        DOCS.appeal,
        { input: { actionId: warned.id, text: 'Bir kez daha itiraz ediyorum.' } },
        { token: target.token },
      ),
      'CONFLICT',
    );

    const queue = ok(await app.gql(DOCS.appeals, {}, { token: mod.token })).moderationAppeals.nodes;
    expect(queue.find((a: { id: string }) => a.id === appealed.appeal.id)).toMatchObject({
      user: { id: target.id },
      action: { id: warned.id, action: 'WARN' },
    });
    const decided = ok(
      await app.gql(
        DOCS.decide,
        { input: { appealId: appealed.appeal.id, overturn: false, note: 'Mesaj kayıtları açık.' } },
        { token: mod.token },
      ),
    ).decideAppeal;
    expect(decided.appeal).toMatchObject({ status: 'UPHELD', decisionNote: 'Mesaj kayıtları açık.' });
    expect((await notificationsOf(app, target))[0].text).toContain('karar değişmedi');
    const log = ok(await app.gql(DOCS.log, { userId: target.id }, { token: mod.token })).moderationLog.nodes;
    expect(log.map((a: { action: string }) => a.action)).toEqual(['APPEAL_UPHELD', 'WARN']);
  });
});

describe('flagged content', () => {
  it('flags a review verdict on published text and removes it on a moderator’s word', async () => {
    const mod = await moderator(app);
    const author = await app.newUser();
    const bio = 'Bilgi için beni ara: 0532 123 45 67';
    ok(
      await app.gql(
        'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { id } } }',
        { input: { bio } },
        { token: author.token },
      ),
    );
    const [flag] = await app.database.db
      .select()
      .from(contentFlags)
      .where(eq(contentFlags.authorId, author.id));
    expect(flag).toMatchObject({ kind: 'bio', text: bio, verdict: 'review', status: 'open' });
    const listed = ok(await app.gql(DOCS.flags, {}, { token: mod.token })).contentFlags.nodes.find(
      (f: { id: string }) => f.id === flag.id,
    );
    expect(listed).toMatchObject({ kind: 'BIO', verdict: 'REVIEW', author: { id: author.id } });
    expect(listed.reasons.length).toBeGreaterThan(0);

    const removed = ok(
      await app.gql(
        DOCS.remove,
        { input: { flagId: flag.id, reason: 'Telefon numarası paylaşmak yasak' } },
        { token: mod.token },
      ),
    ).removeContent.action;
    expect(removed).toMatchObject({ action: 'REMOVE_CONTENT', flag: { id: flag.id, status: 'REMOVED' } });
    const [row] = await app.database.db.select().from(users).where(eq(users.id, author.id));
    expect(row.bio).toBeNull();
    expect((await notificationsOf(app, author))[0]).toMatchObject({ type: 'CONTENT_REMOVED' });
  });

  it('removes a reported user’s profile field, and a rating’s feedback, and keeps what is fine', async () => {
    const mod = await moderator(app);
    const target = await app.newUser();
    await app.database.db.update(users).set({ displayName: 'Kötü İsim' }).where(eq(users.id, target.id));
    ok(
      await app.gql(
        DOCS.remove,
        { input: { userId: target.id, field: 'DISPLAY_NAME', reason: 'Uygunsuz isim' } },
        { token: mod.token },
      ),
    );
    const [row] = await app.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row.displayName).not.toBe('Kötü İsim');
    expectOneError(
      await app.gql(DOCS.remove, { input: { userId: target.id, reason: 'alan yok' } }, { token: mod.token }),
      'BAD_USER_INPUT',
    );

    // A flag on rating feedback: removing clears the text, the score stays.
    const host = await app.newUser();
    const guest = await app.newUser();
    const eventId = await createEventAs(app, host);
    await joinEvent(app, eventId, host, guest);
    const [rating] = await app.database.db
      .insert(ratings)
      .values({ eventId, raterId: guest.id, rateeId: host.id, score: 2, feedback: 'numaram 0532 111 22 33' })
      .returning();
    const [ratingFlag] = await app.database.db
      .insert(contentFlags)
      .values({
        kind: 'rating_feedback',
        authorId: guest.id,
        eventId,
        subjectId: rating.id,
        text: rating.feedback!,
        verdict: 'review',
        reasons: ['phone'],
      })
      .returning();
    ok(
      await app.gql(
        DOCS.remove,
        { input: { flagId: ratingFlag.id, reason: 'İletişim bilgisi' } },
        { token: mod.token },
      ),
    );
    const [after] = await app.database.db.select().from(ratings).where(eq(ratings.id, rating.id));
    expect(after).toMatchObject({ score: 2, feedback: null });

    const [fine] = await app.database.db
      .insert(contentFlags)
      .values({
        kind: 'bio',
        authorId: guest.id,
        text: 'Valorant oynarım',
        verdict: 'review',
        reasons: ['gibberish'],
      })
      .returning();
    const kept = ok(
      await app.gql(DOCS.keep, { input: { flagId: fine.id, reason: 'Sorun yok' } }, { token: mod.token }),
    );
    expect(kept.keepContent.action).toMatchObject({ action: 'KEEP_CONTENT', flag: { status: 'KEPT' } });
  });

  it('refuses a blocked event title on its field, and flags a description for review with its event', async () => {
    const host = await app.newUser();
    const refused = await app.gql(
      `mutation($input: CreateEventInput!) { createEvent(input: $input) { event { id } } }`,
      { input: buildPhysicalEventInput({ title: 'Orospu çocukları buluşması' }) },
      { token: host.token },
    );
    const error = expectOneError(refused, 'BAD_USER_INPUT');
    expect(error.extensions?.field).toBe('input.title');
    const eventId = await createEventAs(app, host, {
      overrides: { description: 'Detaylar için WhatsApp: 0532 987 65 43, oradan yazın' },
    });
    const flags = await app.database.db.select().from(contentFlags).where(eq(contentFlags.eventId, eventId));
    expect(flags).toEqual([expect.objectContaining({ kind: 'event_description', subjectId: eventId })]);
  });
});

describe('cancelling an event', () => {
  it('cancels for the moderator, tells participants and the host, and settles the report', async () => {
    const mod = await moderator(app);
    const host = await app.newUser();
    const guest = await app.newUser();
    const reporter = await app.newUser();
    const eventId = await createEventAs(app, host);
    await joinEvent(app, eventId, host, guest);
    const reportId = ok(await fileReport(reporter, host, { eventId })).reportUser.report.id as string;
    const cancelled = ok(
      await app.gql(
        DOCS.cancel,
        { input: { eventId, reason: 'Sahte etkinlik', reportId } },
        { token: mod.token },
      ),
    ).cancelEventAsModerator.action;
    expect(cancelled).toMatchObject({
      action: 'CANCEL_EVENT',
      target: { id: host.id },
      report: { status: 'REVIEWED' },
    });
    const [event] = await app.database.db.select().from(events).where(eq(events.id, eventId));
    expect(event.cancelledAt).not.toBeNull();
    expect((await notificationsOf(app, guest))[0].type).toBe('EVENT_CANCELLED');
    expect((await notificationsOf(app, host))[0].type).toBe('CONTENT_REMOVED');
    const [report] = await app.database.db.select().from(reports).where(eq(reports.id, reportId));
    expect(report).toMatchObject({ status: 'reviewed', resolution: 'cancel_event', reviewedBy: mod.id });
    expectOneError(
      await app.gql(
        DOCS.cancel,
        { input: { eventId: '00000000-0000-4000-8000-000000000000', reason: 'yok' } },
        { token: mod.token },
      ),
      'NOT_FOUND',
    );
  });
});
