import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '#db/schema/index.ts';
import { createEventAs, joinEvent, moveEventEnd } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';
import { DOCS, moderator, ok } from '#tests/integration/trust/trust.fixtures.ts';

// 'Kendimi güvende hissetmedim' (issue 30.4, ADR 069): a priority report after an event, by people
// who took part, once per event, first and marked in the moderation console.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const UNSAFE = `mutation U($input: ReportUnsafeEventInput!) {
  reportUnsafeEvent(input: $input) { report { id priority subject reason message } } }`;
const QUEUE = `query Q($after: String, $first: Int) { moderationReports(status: OPEN, first: $first, after: $after) {
  nodes { id priority subject reason reporter { id } target { id } event { id } }
  pageInfo { hasNextPage endCursor } } }`;

const unsafe = (who: TestUser, input: Record<string, unknown>) =>
  app.gql(UNSAFE, { input: { reason: 'HARASSMENT', ...input } }, { token: who.token });

// A physical event with a host and two accepted participants.
async function meeting() {
  const host = await app.newUser();
  const eventId = await createEventAs(app, host, { overrides: { venueType: 'PRIVATE_HOME' } });
  const a = await app.newUser();
  const b = await app.newUser();
  await joinEvent(app, eventId, host, a);
  await joinEvent(app, eventId, host, b);
  return { host, eventId, a, b };
}

describe('reportUnsafeEvent', () => {
  it('is refused before the end and to anyone who did not take part', async () => {
    const { eventId, a } = await meeting();
    // Still on: only after the end.
    await moveEventEnd(app, eventId, -30 * 60_000);
    expect(expectOneError(await unsafe(a, { eventId, subject: 'EVENT' }), 'CONFLICT').message).toBe(
      'Bu bildirim etkinlik bittikten sonra yapılabilir.',
    );
    await moveEventEnd(app, eventId, 10 * 60_000);
    // A stranger (who never joined) and a requester who was never accepted.
    const stranger = await app.newUser();
    expectOneError(await unsafe(stranger, { eventId, subject: 'EVENT' }), 'FORBIDDEN');
    // An unknown event.
    expectOneError(
      await unsafe(a, { eventId: '00000000-0000-4000-8000-000000000000', subject: 'EVENT' }),
      'NOT_FOUND',
    );
    expect(await app.database.db.select().from(reports).where(eq(reports.eventId, eventId))).toHaveLength(0);
  });

  it('files one priority report per event: about the event (its host) or a person who was there', async () => {
    const { host, eventId, a, b } = await meeting();
    await moveEventEnd(app, eventId, 10 * 60_000);

    const filed = await unsafe(a, {
      eventId,
      subject: 'EVENT',
      message: '  Adres bir evdi, kapıyı kilitledi. ',
    });
    expect(filed.errors).toBeUndefined();
    expect(filed.data.reportUnsafeEvent.report).toMatchObject({
      priority: true,
      subject: 'EVENT',
      reason: 'HARASSMENT',
      message: 'Adres bir evdi, kapıyı kilitledi.',
    });
    const [row] = await app.database.db
      .select()
      .from(reports)
      .where(eq(reports.id, filed.data.reportUnsafeEvent.report.id));
    expect(row).toMatchObject({
      reporterId: a.id,
      targetUserId: host.id,
      eventId,
      priority: true,
      subject: 'event',
    });

    // Once per event and reporter, whatever the subject.
    const again = await unsafe(a, { eventId, subject: 'PERSON', userId: b.id });
    expect(expectOneError(again, 'CONFLICT').message).toBe(
      'Bu etkinlik için zaten bir güvenlik bildirimi yaptın.',
    );

    // A person must be named, be someone else, and have been there.
    expectOneError(await unsafe(b, { eventId, subject: 'PERSON' }), 'BAD_USER_INPUT');
    expectOneError(await unsafe(b, { eventId, subject: 'PERSON', userId: b.id }), 'BAD_USER_INPUT');
    const outsider = await app.newUser();
    const notThere = expectOneError(
      await unsafe(b, { eventId, subject: 'PERSON', userId: outsider.id }),
      'BAD_USER_INPUT',
    );
    expect(notThere.extensions?.fields ?? notThere.extensions).toBeTruthy();
    // The host reports a participant, never their own event.
    expectOneError(await unsafe(host, { eventId, subject: 'EVENT' }), 'BAD_USER_INPUT');
    const byHost = await unsafe(host, {
      eventId,
      subject: 'PERSON',
      userId: b.id,
      reason: 'INAPPROPRIATE_BEHAVIOR',
    });
    expect(byHost.errors).toBeUndefined();
    // A participant reports another participant.
    const byB = await unsafe(b, { eventId, subject: 'PERSON', userId: a.id });
    expect(byB.errors).toBeUndefined();
    const rows = await app.database.db.select().from(reports).where(eq(reports.eventId, eventId));
    expect(rows.map((r) => [r.reporterId, r.targetUserId, r.subject]).sort()).toEqual(
      [
        [a.id, host.id, 'event'],
        [host.id, b.id, 'person'],
        [b.id, a.id, 'person'],
      ].sort(),
    );
  });

  it('is listed before other reports in the console, marked, across pages', async () => {
    const mod = await moderator(app);
    const { eventId, a, b } = await meeting();
    await moveEventEnd(app, eventId, 60 * 60_000);
    const priority = ok(await unsafe(a, { eventId, subject: 'PERSON', userId: b.id })).reportUnsafeEvent
      .report.id as string;
    // Newer ordinary reports.
    const ordinary: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reporter = await app.newUser();
      const res = ok(
        await app.gql(DOCS.report, { input: { userId: b.id, reason: 'SPAM' } }, { token: reporter.token }),
      );
      ordinary.push(res.reportUser.report.id);
    }
    const first = ok(await app.gql(QUEUE, { first: 100 }, { token: mod.token })).moderationReports;
    const ids = (first.nodes as { id: string }[]).map((n) => n.id);
    const at = ids.indexOf(priority);
    expect(at).toBeGreaterThanOrEqual(0);
    // Every priority report comes before every ordinary one, the newer ordinary ones included.
    const flags = (first.nodes as { priority: boolean }[]).map((n) => n.priority);
    expect(flags.indexOf(false) === -1 || flags.lastIndexOf(true) < flags.indexOf(false)).toBe(true);
    for (const id of ordinary) expect(ids.indexOf(id)).toBeGreaterThan(at);
    expect(first.nodes[at]).toMatchObject({
      priority: true,
      subject: 'PERSON',
      reporter: { id: a.id },
      target: { id: b.id },
      event: { id: eventId },
    });

    // Paged one by one, the order is the same and nothing is seen twice.
    const paged: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = ok(await app.gql(QUEUE, { first: 1, after }, { token: mod.token })).moderationReports;
      paged.push(...page.nodes.map((n: { id: string }) => n.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(paged).toEqual(ids);

    // Users do not read the queue.
    expectOneError(await app.gql(QUEUE, { first: 5 }, { token: a.token }), 'FORBIDDEN');
  });
});
