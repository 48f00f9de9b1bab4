import { and, eq } from 'drizzle-orm';
import { buildSchema, getNamedType, isObjectType } from 'graphql';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, safetyPlans, trustedContacts } from '#db/schema/index.ts';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import {
  CONTACTS,
  DELETE_PLAN,
  END_CHECK,
  EXTEND,
  HOME,
  MY_PLAN,
  PAGE,
  POSITION,
  confirmedContact,
  eventWithGuest,
  mailsTo,
  movableClock,
  pageToken,
  share,
} from './safety-kit.fixtures.ts';

// The 'Evdeyim' check, 'Konumumu paylaş' and what must not leak (issue 30 points 3, 4, 6; ADR 068):
// two replicas sweep with the clock moved; the question and the alert each go out once; an
// extension or an early end changes what is due; a position goes out only through the tap's
// mutation; nobody but the owner sees contacts or plans.

const clock = movableClock();
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await Promise.all([startTestApp({ clock }), startTestApp({ clock })]);
});
afterAll(async () => {
  clock.reset();
  await Promise.all([a?.close(), b?.close()]);
});

const MIN = 60_000;
const sweepBoth = () => Promise.all([a.services.safetyCheck.sweep(), b.services.safetyCheck.sweep()]);
const alertsTo = async (email: string) =>
  (await mailsTo(a, email)).filter((m) => m.subject.includes('eve vardığını bildirmedi'));
const checksOf = (userId: string, eventId: string) =>
  a.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.eventId, eventId),
        eq(notifications.type, 'safety_check'),
      ),
    );

// A plan shared by an accepted guest for an event starting in 30 min (90 min long): home expected
// at start + 150 min.
async function sharedPlan() {
  const e = await eventWithGuest(a, 30 * MIN);
  const contact = await confirmedContact(a, e.guest);
  const plan = await share(a, e.guest, { eventId: e.id, contactIds: [contact.id] });
  return { ...e, contact, plan, homeIn: new Date(plan.expectedHomeAt).getTime() - clock.now().getTime() };
}

describe("the 'Evdeyim' check", () => {
  it('asks once before the time and alerts the contacts exactly once 30 min after it, across two replicas', async () => {
    const p = await sharedPlan();
    try {
      // Too early for anything.
      await sweepBoth();
      expect(await checksOf(p.guest.id, p.id)).toHaveLength(0);

      clock.advance(p.homeIn - 10 * MIN);
      await sweepBoth();
      await sweepBoth();
      const asked = await checksOf(p.guest.id, p.id);
      expect(asked).toHaveLength(1);
      const n = await a.gql(
        `{ notifications(first: 5) { nodes { type text link } } }`,
        {},
        {
          token: p.guest.token,
        },
      );
      // The event's own reminder may be listed beside it (the reminders' sweep runs on the same moved
      // clock), before or after it: the safety question is the one of its type.
      const checks = n.data.notifications.nodes.filter((x: { type: string }) => x.type === 'SAFETY_CHECK');
      expect(checks).toHaveLength(1);
      expect(checks[0]).toMatchObject({ link: `/dashboard/eventDetails/${p.id}` });
      expect(checks[0].text).toMatch(/^Eve vardın mı\?/);

      // 29 minutes late: nothing yet; 31: one alert, however many sweeps.
      clock.advance(10 * MIN + 29 * MIN);
      await sweepBoth();
      expect(await alertsTo(p.contact.email)).toHaveLength(0);
      clock.advance(2 * MIN);
      const results = await sweepBoth();
      await sweepBoth();
      expect(results.reduce((s, r) => s + r.alerted, 0)).toBe(1);
      const alerts = await alertsTo(p.contact.email);
      expect(alerts).toHaveLength(1);
      expect(alerts[0].text).toContain('Moda sahilde halı saha');
      expect(alerts[0].text).toContain('Kadıköy, İstanbul');
      expect(alerts[0].text).toContain('112');
      expect(alerts[0].text).toContain(p.plan.pageUrl);

      const page = (await a.gql(PAGE, { token: pageToken(p.plan) })).data.publicSafetyPlan;
      expect(page.state).toBe('ALERTED');
      expect(page.alertedAt).not.toBeNull();
      // An alerted check is not extended; 'Evdeyim' still counts and tells the contacts.
      const later = new Date(clock.now().getTime() + 60 * MIN).toISOString();
      expectOneError(
        await a.gql(EXTEND, { planId: p.plan.id, at: later }, { token: p.guest.token }),
        'CONFLICT',
      );
      const home = await a.gql(HOME, { planId: p.plan.id }, { token: p.guest.token });
      expect(home.data.confirmHome.plan.state).toBe('HOME');
      expect((await mailsTo(a, p.contact.email)).filter((m) => m.subject.endsWith('evde'))).toHaveLength(1);
    } finally {
      clock.reset();
    }
  });

  it('an extension moves the question and the alert; ending the check or Evdeyim stops both', async () => {
    const extended = await sharedPlan();
    const ended = await sharedPlan();
    const home = await sharedPlan();
    try {
      const newTime = new Date(clock.now().getTime() + extended.homeIn + 2 * 3600_000);
      const ext = await a.gql(
        EXTEND,
        { planId: extended.plan.id, at: newTime.toISOString() },
        { token: extended.guest.token },
      );
      expect(ext.errors).toBeUndefined();
      expect(ext.data.extendSafetyCheck.plan.expectedHomeAt).toBe(newTime.toISOString());
      expect(
        (await a.gql(END_CHECK, { planId: ended.plan.id }, { token: ended.guest.token })).data.endSafetyCheck
          .plan.state,
      ).toBe('CHECK_ENDED');
      expect(
        (await a.gql(HOME, { planId: home.plan.id }, { token: home.guest.token })).data.confirmHome.plan
          .state,
      ).toBe('HOME');

      // Past the old alert time: nobody alerted.
      clock.advance(Math.max(extended.homeIn, ended.homeIn, home.homeIn) + 31 * MIN);
      await sweepBoth();
      for (const p of [extended, ended, home]) expect(await alertsTo(p.contact.email)).toHaveLength(0);
      expect(await checksOf(ended.guest.id, ended.id)).toHaveLength(0);
      expect(await checksOf(home.guest.id, home.id)).toHaveLength(0);
      // Past the new one: the extended plan alerts, once.
      clock.advance(2 * 3600_000);
      await sweepBoth();
      await sweepBoth();
      expect(await alertsTo(extended.contact.email)).toHaveLength(1);
    } finally {
      clock.reset();
    }
  });
});

describe('share my position', () => {
  it('goes out only through the tap, once, to confirmed contacts; kept on the plan for its page and alert', async () => {
    const p = await sharedPlan();
    const page0 = (await a.gql(PAGE, { token: pageToken(p.plan) })).data.publicSafetyPlan;
    expect(page0.lastPosition).toBeNull();
    const input = { eventId: p.id, latitude: 40.98712, longitude: 29.03011 };
    // Not a participant: as if there were no event.
    const stranger = await a.newUser();
    expectOneError(await a.gql(POSITION, { input }, { token: stranger.token }), 'NOT_FOUND');
    expectOneError(
      await a.gql(POSITION, { input: { ...input, latitude: 123 } }, { token: p.guest.token }),
      'BAD_USER_INPUT',
    );

    const res = await a.gql(POSITION, { input }, { token: p.guest.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.sharePosition.sentTo).toBe(1);
    const mails = (await mailsTo(a, p.contact.email)).filter((m) => m.subject.includes('konumunu'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('mlat=40.98712&mlon=29.03011');
    // A second tap within the minute is refused.
    expectOneError(await a.gql(POSITION, { input }, { token: p.guest.token }), 'RATE_LIMITED');

    const page = (await a.gql(PAGE, { token: pageToken(p.plan) })).data.publicSafetyPlan;
    expect(page.lastPosition).toMatchObject({ latitude: 40.98712, longitude: 29.03011 });
    try {
      clock.advance(p.homeIn + 31 * MIN);
      await sweepBoth();
      const [alert] = await alertsTo(p.contact.email);
      expect(alert.text).toContain('mlat=40.98712&mlon=29.03011');
    } finally {
      clock.reset();
    }
    // Deleting the plan deletes the position with it.
    await a.gql(DELETE_PLAN, { planId: p.plan.id }, { token: p.guest.token });
    expect(
      await a.database.db.select().from(safetyPlans).where(eq(safetyPlans.userId, p.guest.id)),
    ).toHaveLength(0);
  });
});

describe('nothing leaks', () => {
  it('contacts and plans reach no other user, host or contact; the schema exposes them nowhere else', async () => {
    const p = await sharedPlan();
    for (const other of [p.host, await a.newUser()]) {
      const contacts = await a.gql(CONTACTS, {}, { token: other.token });
      expect(contacts.data.trustedContacts.map((c: { email: string }) => c.email)).not.toContain(
        p.contact.email,
      );
      expect((await a.gql(MY_PLAN, { eventId: p.id }, { token: other.token })).data.mySafetyPlan).toBeNull();
      for (const op of [HOME, END_CHECK, DELETE_PLAN])
        expectOneError(await a.gql(op, { planId: p.plan.id }, { token: other.token }), 'NOT_FOUND');
      const at = new Date(Date.now() + 5 * 3600_000).toISOString();
      expectOneError(await a.gql(EXTEND, { planId: p.plan.id, at }, { token: other.token }), 'NOT_FOUND');
    }
    // Signed out: only the page, by its token.
    expectOneError(await a.gql(CONTACTS), 'UNAUTHENTICATED');
    expectOneError(await a.gql(MY_PLAN, { eventId: p.id }), 'UNAUTHENTICATED');
    expect((await a.gql(PAGE, { token: pageToken(p.plan) })).data.publicSafetyPlan.userName).toBeTruthy();

    // The types that carry contacts, plans and positions are reachable from Query and Mutation only
    // through the owner's fields and the token's page: no Event, User or analytics field leads there.
    const schema = buildSchema(fs.readFileSync('schema.graphql', 'utf8'));
    const secret = new Set(['TrustedContact', 'SafetyPlan', 'PublicSafetyPlan', 'SharedPosition']);
    const entry = new Set([
      'trustedContacts',
      'mySafetyPlan',
      'publicSafetyPlan',
      'addTrustedContact',
      'removeTrustedContact',
      'shareSafetyPlan',
      'confirmHome',
      'extendSafetyCheck',
      'endSafetyCheck',
    ]);
    const leaks: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        const target = getNamedType(field.type).name;
        if (!secret.has(target)) continue;
        const root = type.name === 'Query' || type.name === 'Mutation';
        const inside = secret.has(type.name) || /Payload$/.test(type.name);
        if (!(root ? entry.has(field.name) : inside)) leaks.push(`${type.name}.${field.name}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('deleting the account deletes its contacts and plans', async () => {
    const p = await sharedPlan();
    const res = await a.gql(
      `mutation($c: String!) { deleteAccount(input: {confirmation: $c}) { cancelledEvents } }`,
      { c: `${p.guest.sub}@squad.test` },
      { token: p.guest.token },
    );
    expect(res.errors).toBeUndefined();
    expect(
      await a.database.db.select().from(trustedContacts).where(eq(trustedContacts.userId, p.guest.id)),
    ).toHaveLength(0);
    expect(
      await a.database.db.select().from(safetyPlans).where(eq(safetyPlans.userId, p.guest.id)),
    ).toHaveLength(0);
    expectOneError(await a.gql(PAGE, { token: pageToken(p.plan) }), 'NOT_FOUND');
  });
});
