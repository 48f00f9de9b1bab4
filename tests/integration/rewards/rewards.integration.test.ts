import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventParticipants, events, users } from '#db/schema/index.ts';
import { turkeyMonth } from '#server/modules/rewards/rewards.rules.ts';
import { ATTENDANCE_GRACE_MS } from '#server/modules/rewards/rewards.service.ts';
import { createEventAs, joinEvent, moveEventEnd, requestToJoin } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Token earning rules (spec §9, ADR 034): participation, five-star ratings, referrals and the monthly
// challenge. Tests run the settle job themselves (JOB_WORKER=0). The sweep covers every ended event of
// the shared database, so each test works with its own users and events and asserts their exact state.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const HOUR = 3600_000;
// Ended longer ago than the host has to record attendance (ADR 049): settled without a record.
const PAST_GRACE = ATTENDANCE_GRACE_MS + HOUR;
const DAY = 24 * HOUR;
// The sweep takes this many events per run (rewards.service.ts); other files' events may be ahead of ours.
const SETTLE_BATCH = 200;

type LedgerNode = {
  delta: number;
  reason: string;
  balanceAfter: number;
  cause: string;
  expiresAt: string | null;
  event: { id: string } | null;
};
type NotificationNode = { type: string; text: string; event: { id: string } | null };

const STATE = `{
  me { tokenBalance }
  tokenLedger(first: 100) { nodes { delta reason balanceAfter cause expiresAt event { id } } }
  notifications(first: 100) { nodes { type text event { id } } }
}`;

// A user's balance, ledger (newest first) and TOKENS_EARNED notifications (newest first).
async function stateOf(user: TestUser) {
  const res = await app.gql(STATE, undefined, { token: user.token });
  expect(res.errors).toBeUndefined();
  return {
    balance: res.data.me.tokenBalance as number,
    ledger: res.data.tokenLedger.nodes as LedgerNode[],
    rewards: (res.data.tokenLedger.nodes as LedgerNode[]).filter(
      (e) => e.reason === 'EARNED' || e.reason === 'REFERRAL',
    ),
    earnedNotes: (res.data.notifications.nodes as NotificationNode[]).filter(
      (n) => n.type === 'TOKENS_EARNED',
    ),
  };
}

const EARNING = `{
  earning {
    rules { id title description reward }
    challenge { month hostedEvents goal reward done }
    referrals { invited rewarded reward }
  }
}`;

async function earningOf(user: TestUser) {
  const res = await app.gql(EARNING, undefined, { token: user.token });
  expect(res.errors).toBeUndefined();
  return res.data.earning;
}

// Runs the settle job until it has gone through every ended event.
async function settle() {
  let n: number;
  do n = await app.services.rewards.settleEndedEvents();
  while (n >= SETTLE_BATCH);
}

async function settledAt(eventId: string): Promise<Date | null> {
  const [row] = await app.database.db
    .select({ at: events.rewardsSettledAt })
    .from(events)
    .where(eq(events.id, eventId));
  return row.at;
}

async function emailVerifiedOf(userId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ v: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row.v;
}

// An event by `host` with these accepted participants, still to come.
async function eventWith(host: TestUser, participants: TestUser[], title: string) {
  const id = await createEventAs(app, host, { overrides: { title } });
  for (const p of participants) await joinEvent(app, id, host, p);
  return id;
}

// The instant the current calendar month begins in Turkey (UTC+3 all year).
function turkeyMonthStart(at: Date): Date {
  return new Date(`${turkeyMonth(at)}-01T00:00:00+03:00`);
}

// Moves an event into the past, starting inside the current Turkish month whatever today is.
async function endWithinThisMonth(eventId: string) {
  const now = Date.now();
  const startsAt = Math.max(turkeyMonthStart(new Date(now)).getTime(), now - 3 * HOUR);
  const endsAt = startsAt + Math.min(90 * 60_000, Math.floor((now - startsAt) / 2));
  await app.database.db
    .update(events)
    .set({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) })
    .where(eq(events.id, eventId));
  // Ended less than the attendance grace ago: the host records everyone as present, so the event is
  // settled at once (ADR 049).
  await app.database.db
    .update(eventParticipants)
    .set({ attended: true, attendanceRecordedAt: new Date() })
    .where(eq(eventParticipants.eventId, eventId));
  expect(turkeyMonth(new Date(startsAt))).toBe(turkeyMonth(new Date()));
}

const CANCEL = `mutation($input: CancelEventInput!) { cancelEvent(input: $input) { tokenRefunded event { status } } }`;
const RATE = `mutation($input: RateEventInput!) { rateEvent(input: $input) { rating { score } } }`;
const APPLY = `mutation($input: ApplyReferralCodeInput!) { applyReferralCode(input: $input) { referrer { id } } }`;

const apply = (user: TestUser, code: string) => app.gql(APPLY, { input: { code } }, { token: user.token });

async function referralCodeOf(user: TestUser): Promise<string> {
  const res = await app.gql('{ me { referralCode } }', undefined, { token: user.token });
  return res.data.me.referralCode as string;
}

async function displayNameOf(user: TestUser): Promise<string> {
  const res = await app.gql('{ me { displayName } }', undefined, { token: user.token });
  return res.data.me.displayName as string;
}

// `user` names `referrer` as who invited them.
async function refer(user: TestUser, referrer: TestUser) {
  const res = await apply(user, await referralCodeOf(referrer));
  expect(res.errors).toBeUndefined();
  expect(res.data.applyReferralCode.referrer.id).toBe(referrer.id);
}

describe('earning', () => {
  it('lists the rules in Turkish and starts a new user at zero progress with 5 tokens', async () => {
    const user = await app.newUser();
    expect((await stateOf(user)).balance).toBe(5);
    expect(await earningOf(user)).toEqual({
      rules: [
        {
          id: 'PARTICIPATION',
          title: 'Etkinliğe katıl',
          description: 'Kabul edildiğin bir etkinlik bittiğinde',
          reward: 1,
        },
        {
          id: 'FIVE_STAR',
          title: '5 yıldız al',
          description: 'Host olarak bir katılımcıdan 5 yıldız aldığında',
          reward: 2,
        },
        {
          id: 'REFERRAL',
          title: 'Arkadaşını davet et',
          description: 'Davet ettiğin arkadaşın ilk etkinliğini düzenlediğinde',
          reward: 3,
        },
        {
          id: 'CHALLENGE',
          title: 'Aylık görev',
          description: 'Bir ayda 5 etkinlik düzenlediğinde',
          reward: 5,
        },
      ],
      challenge: { month: turkeyMonth(new Date()), hostedEvents: 0, goal: 5, reward: 5, done: false },
      referrals: { invited: 0, rewarded: 0, reward: 3 },
    });
  });

  it('needs a signed-in user', async () => {
    expectOneError(await app.gql(EARNING), 'UNAUTHENTICATED');
    expectOneError(await app.gql(APPLY, { input: { code: 'ABCDEF1234' } }), 'UNAUTHENTICATED');
  });
});

describe('participation reward', () => {
  it('pays each accepted participant 1 token once the ended event is settled, with a ledger entry and a notification', async () => {
    const host = await app.newUser();
    const [a, b, pending] = [await app.newUser(), await app.newUser(), await app.newUser()];
    const title = 'Moda sahilde akşam koşusu';
    const id = await eventWith(host, [a, b], title);
    await requestToJoin(app, id, pending);

    // Not over yet: the sweep leaves it alone.
    await settle();
    expect(await settledAt(id)).toBeNull();
    expect((await stateOf(a)).balance).toBe(5);

    await moveEventEnd(app, id, PAST_GRACE);
    await settle();
    expect(await settledAt(id)).toBeInstanceOf(Date);

    for (const p of [a, b]) {
      const s = await stateOf(p);
      expect(s.balance).toBe(6);
      expect(s.ledger).toHaveLength(2);
      expect(s.ledger[0]).toEqual({
        delta: 1,
        reason: 'EARNED',
        balanceAfter: 6,
        cause: `Katılım ödülü: ${title}`,
        expiresAt: null,
        event: { id },
      });
      expect(s.earnedNotes).toEqual([
        { type: 'TOKENS_EARNED', text: `+1 token kazandın: Katılım ödülü: ${title}`, event: { id } },
      ]);
    }
    // Someone never accepted earns nothing; neither does the host (1 token spent on creating it).
    const p = await stateOf(pending);
    expect(p.balance).toBe(5);
    expect(p.rewards).toEqual([]);
    expect(p.earnedNotes).toEqual([]);
    const h = await stateOf(host);
    expect(h.balance).toBe(4);
    expect(h.ledger.map((e) => e.reason)).toEqual(['EVENT_CREATED', 'SIGNUP_GRANT']);
    expect(h.earnedNotes).toEqual([]);

    // Running the sweep again pays nothing more.
    await settle();
    await settle();
    for (const u of [a, b]) {
      const s = await stateOf(u);
      expect(s.balance).toBe(6);
      expect(s.rewards).toHaveLength(1);
      expect(s.earnedNotes).toHaveLength(1);
    }
  });

  it('pays once when sweeps run at the same time', async () => {
    const host = await app.newUser();
    const guests = [await app.newUser(), await app.newUser(), await app.newUser()];
    const id = await eventWith(host, guests, 'Paralel ödül testi');
    await moveEventEnd(app, id, PAST_GRACE);

    await Promise.all([settle(), settle(), settle()]);

    expect(await settledAt(id)).toBeInstanceOf(Date);
    for (const g of guests) {
      const s = await stateOf(g);
      expect(s.balance).toBe(6);
      expect(s.rewards.map((e) => [e.delta, e.reason])).toEqual([[1, 'EARNED']]);
      expect(s.earnedNotes).toHaveLength(1);
    }
  });

  it('pays nothing for a cancelled event, but marks it settled', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const id = await eventWith(host, [guest], 'İptal edilen buluşma');
    const cancelled = await app.gql(CANCEL, { input: { id } }, { token: host.token });
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data.cancelEvent).toEqual({ tokenRefunded: false, event: { status: 'CANCELLED' } });
    await moveEventEnd(app, id, PAST_GRACE);

    await settle();

    expect(await settledAt(id)).toBeInstanceOf(Date);
    const g = await stateOf(guest);
    expect(g.balance).toBe(5);
    expect(g.rewards).toEqual([]);
    expect(g.earnedNotes).toEqual([]);
    expect((await stateOf(host)).balance).toBe(4);
  });

  it('pays nothing for an ended event nobody was accepted to, but marks it settled', async () => {
    const host = await app.newUser();
    const requester = await app.newUser();
    const id = await eventWith(host, [], 'Kimsenin gelmediği etkinlik');
    await requestToJoin(app, id, requester);
    await moveEventEnd(app, id, PAST_GRACE);

    await settle();

    expect(await settledAt(id)).toBeInstanceOf(Date);
    for (const u of [requester, host]) {
      const s = await stateOf(u);
      expect(s.rewards).toEqual([]);
      expect(s.earnedNotes).toEqual([]);
    }
    expect((await stateOf(requester)).balance).toBe(5);
    expect((await stateOf(host)).balance).toBe(4);
  });
});

describe('five-star reward', () => {
  it('pays the host 2 tokens for a participant’s 5 stars, once per rater and event', async () => {
    const host = await app.newUser();
    const [a, b] = [await app.newUser(), await app.newUser()];
    const title = 'Kadıköy kutu oyunu akşamı';
    const id = await eventWith(host, [a, b], title);
    await moveEventEnd(app, id, PAST_GRACE);
    // Participation settled first, so the balances below move only through ratings.
    await settle();
    expect((await stateOf(host)).balance).toBe(4);
    expect((await stateOf(a)).balance).toBe(6);

    const rate = async (who: TestUser, score: number, userId?: string) => {
      const res = await app.gql(RATE, { input: { eventId: id, score, userId } }, { token: who.token });
      expect(res.errors).toBeUndefined();
    };

    await rate(a, 5);
    let h = await stateOf(host);
    expect(h.balance).toBe(6);
    expect(h.ledger[0]).toEqual({
      delta: 2,
      reason: 'EARNED',
      balanceAfter: 6,
      cause: `5 yıldızlı değerlendirme: ${title}`,
      expiresAt: null,
      event: { id },
    });
    expect(h.earnedNotes).toEqual([
      {
        type: 'TOKENS_EARNED',
        text: `+2 token kazandın: 5 yıldızlı değerlendirme: ${title}`,
        event: { id },
      },
    ]);

    // Rating again, also down and back up to 5, pays nothing more.
    await rate(a, 5);
    await rate(a, 4);
    await rate(a, 5);
    // A 4-star pays nothing.
    await rate(b, 4);
    // The host rating a participant 5 stars pays nobody.
    await rate(host, 5, a.id);
    h = await stateOf(host);
    expect(h.balance).toBe(6);
    expect(h.rewards).toHaveLength(1);
    expect(h.earnedNotes).toHaveLength(1);
    const pa = await stateOf(a);
    expect(pa.balance).toBe(6);
    expect(pa.rewards.map((e) => e.cause)).toEqual([`Katılım ödülü: ${title}`]);

    // Another participant’s first 5 stars pays once more.
    await rate(b, 5);
    await rate(b, 5);
    h = await stateOf(host);
    expect(h.balance).toBe(8);
    expect(h.rewards.map((e) => [e.delta, e.balanceAfter, e.cause])).toEqual([
      [2, 8, `5 yıldızlı değerlendirme: ${title}`],
      [2, 6, `5 yıldızlı değerlendirme: ${title}`],
    ]);
    expect(h.earnedNotes).toHaveLength(2);
  });
});

describe('applyReferralCode', () => {
  it('shows the code and link, accepts the code however it is typed and counts the invitation', async () => {
    const referrer = await app.newUser();
    const friend = await app.newUser();
    const me = await app.gql('{ me { referralCode referralLink } }', undefined, { token: referrer.token });
    const code = me.data.me.referralCode as string;
    expect(code).toMatch(/^[0-9A-Z]{10}$/);
    expect(me.data.me.referralLink).toBe(`http://squad.test/register?ref=${code}`);
    // Private: nobody else sees them.
    const other = await app.gql(
      'query($id: ID!) { user(id: $id) { referralCode referralLink } }',
      { id: referrer.id },
      { token: friend.token },
    );
    expect(other.data.user).toEqual({ referralCode: null, referralLink: null });

    const typed = `  ${code.slice(0, 5).toLowerCase()}-${code.slice(5)} `;
    const res = await apply(friend, typed);
    expect(res.errors).toBeUndefined();
    expect(res.data.applyReferralCode.referrer).toEqual({ id: referrer.id });
    const [row] = await app.database.db
      .select({ referredBy: users.referredBy, referredAt: users.referredAt })
      .from(users)
      .where(eq(users.id, friend.id));
    expect(row.referredBy).toBe(referrer.id);
    expect(row.referredAt).toBeInstanceOf(Date);

    expect((await earningOf(referrer)).referrals).toEqual({ invited: 1, rewarded: 0, reward: 3 });
    expect((await earningOf(friend)).referrals).toEqual({ invited: 0, rewarded: 0, reward: 3 });
    // Applying pays nobody by itself.
    expect((await stateOf(referrer)).balance).toBe(5);
    expect((await stateOf(friend)).balance).toBe(5);
  });

  it('refuses an unknown code and the viewer’s own code', async () => {
    const user = await app.newUser();
    for (const code of ['SQUADXYZ99', '', '  ', '---']) {
      const err = expectOneError(await apply(user, code), 'BAD_USER_INPUT');
      expect(err.message).toBe('Bu davet kodu geçerli değil.');
      expect(err.extensions).toMatchObject({ reason: 'REFERRAL_UNKNOWN', field: 'input.code' });
    }
    const own = expectOneError(await apply(user, await referralCodeOf(user)), 'BAD_USER_INPUT');
    expect(own.message).toBe('Kendi davet kodunu kullanamazsın.');
    expect(own.extensions).toMatchObject({ reason: 'REFERRAL_SELF', field: 'input.code' });
    const [row] = await app.database.db
      .select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row.referredBy).toBeNull();
  });

  it('refuses a second code once one was applied', async () => {
    const [first, second, friend] = [await app.newUser(), await app.newUser(), await app.newUser()];
    await refer(friend, first);
    for (const code of [await referralCodeOf(second), await referralCodeOf(first)]) {
      const err = expectOneError(await apply(friend, code), 'CONFLICT');
      expect(err.message).toBe('Hesabına zaten bir davet kodu eklenmiş.');
      expect(err.extensions?.reason).toBe('REFERRAL_ALREADY');
    }
    expect((await earningOf(first)).referrals.invited).toBe(1);
    expect((await earningOf(second)).referrals.invited).toBe(0);
  });

  it('refuses a code more than 30 days after sign-up', async () => {
    const referrer = await app.newUser();
    const code = await referralCodeOf(referrer);
    const old = await app.newUser();
    await app.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(users.id, old.id));
    const err = expectOneError(await apply(old, code), 'CONFLICT');
    expect(err.message).toBe(
      'Davet kodu yalnızca kayıttan sonraki 30 gün içinde ve ilk etkinliğinden önce eklenebilir.',
    );
    expect(err.extensions?.reason).toBe('REFERRAL_TOO_LATE');

    // Still inside the window at 29 days.
    const recent = await app.newUser();
    await app.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 29 * DAY) })
      .where(eq(users.id, recent.id));
    expect((await apply(recent, code)).errors).toBeUndefined();
    expect((await earningOf(referrer)).referrals.invited).toBe(1);
  });

  it('refuses a code once the account hosted an event', async () => {
    const referrer = await app.newUser();
    const host = await app.newUser();
    await createEventAs(app, host);
    const err = expectOneError(await apply(host, await referralCodeOf(referrer)), 'CONFLICT');
    expect(err.message).toBe(
      'Davet kodu yalnızca kayıttan sonraki 30 gün içinde ve ilk etkinliğinden önce eklenebilir.',
    );
    expect(err.extensions?.reason).toBe('REFERRAL_TOO_LATE');
    expect((await earningOf(referrer)).referrals.invited).toBe(0);
  });

  it('refuses a ring: whoever was referred by B cannot refer B', async () => {
    const [a, b] = [await app.newUser(), await app.newUser()];
    await refer(a, b);
    const err = expectOneError(await apply(b, await referralCodeOf(a)), 'BAD_USER_INPUT');
    expect(err.message).toBe('Kendi davet kodunu kullanamazsın.');
    expect(err.extensions).toMatchObject({ reason: 'REFERRAL_SELF', field: 'input.code' });
    expect((await earningOf(a)).referrals.invited).toBe(0);
    expect((await earningOf(b)).referrals.invited).toBe(1);
  });
});

describe('referral reward', () => {
  it('pays the referrer 3 tokens when the referred host’s event ends with a participant, once per referred user', async () => {
    const referrer = await app.newUser();
    const host = await app.newUser();
    const [guest, later] = [await app.newUser(), await app.newUser()];
    await refer(host, referrer);
    // The users the tests create have a verified e-mail (the condition this reward depends on).
    expect(await emailVerifiedOf(host.id)).toBe(1);
    const name = await displayNameOf(host);

    const id = await eventWith(host, [guest], 'Davetli hostun ilk etkinliği');
    // Not before the event ends.
    await settle();
    expect((await stateOf(referrer)).balance).toBe(5);
    await moveEventEnd(app, id, PAST_GRACE);
    await settle();

    const r = await stateOf(referrer);
    expect(r.balance).toBe(8);
    expect(r.ledger).toHaveLength(2);
    expect(r.ledger[0]).toEqual({
      delta: 3,
      reason: 'REFERRAL',
      balanceAfter: 8,
      cause: `Davet ödülü: ${name}`,
      expiresAt: null,
      event: { id },
    });
    expect(r.earnedNotes).toEqual([
      { type: 'TOKENS_EARNED', text: `+3 token kazandın: Davet ödülü: ${name}`, event: { id } },
    ]);
    expect((await earningOf(referrer)).referrals).toEqual({ invited: 1, rewarded: 1, reward: 3 });
    // The host earns nothing for being referred; the participant earns participation.
    expect((await stateOf(host)).rewards).toEqual([]);
    expect((await stateOf(guest)).balance).toBe(6);

    // The referred host's next event pays the referrer nothing more.
    const next = await eventWith(host, [later], 'Davetli hostun ikinci etkinliği');
    await moveEventEnd(app, next, PAST_GRACE);
    await settle();
    const again = await stateOf(referrer);
    expect(again.balance).toBe(8);
    expect(again.rewards).toHaveLength(1);
    expect(again.earnedNotes).toHaveLength(1);
    expect((await earningOf(referrer)).referrals).toEqual({ invited: 1, rewarded: 1, reward: 3 });
    expect((await stateOf(later)).balance).toBe(6);
  });

  it('pays nothing while the referrer is the only participant', async () => {
    const referrer = await app.newUser();
    const host = await app.newUser();
    const guest = await app.newUser();
    await refer(host, referrer);

    const id = await eventWith(host, [referrer], 'Sadece davet edenin geldiği etkinlik');
    await moveEventEnd(app, id, PAST_GRACE);
    await settle();
    expect(await settledAt(id)).toBeInstanceOf(Date);
    let r = await stateOf(referrer);
    // Participation only.
    expect(r.balance).toBe(6);
    expect(r.rewards.map((e) => [e.delta, e.reason])).toEqual([[1, 'EARNED']]);
    expect((await earningOf(referrer)).referrals).toEqual({ invited: 1, rewarded: 0, reward: 3 });

    // A later event with someone else pays it.
    const next = await eventWith(host, [guest], 'Başkasının da geldiği etkinlik');
    await moveEventEnd(app, next, PAST_GRACE);
    await settle();
    r = await stateOf(referrer);
    expect(r.balance).toBe(9);
    expect(r.rewards.map((e) => [e.delta, e.reason, e.event?.id])).toEqual([
      [3, 'REFERRAL', next],
      [1, 'EARNED', id],
    ]);
    expect((await earningOf(referrer)).referrals).toEqual({ invited: 1, rewarded: 1, reward: 3 });
  });

  it('pays nothing while the referred host’s e-mail is not verified', async () => {
    const referrer = await app.newUser();
    const host = await app.newUser();
    const [guest, other] = [await app.newUser(), await app.newUser()];
    await refer(host, referrer);
    await app.database.db.update(users).set({ emailVerified: 0 }).where(eq(users.id, host.id));

    const id = await eventWith(host, [guest], 'Doğrulanmamış hostun etkinliği');
    await moveEventEnd(app, id, PAST_GRACE);
    await settle();
    expect(await settledAt(id)).toBeInstanceOf(Date);
    let r = await stateOf(referrer);
    expect(r.balance).toBe(5);
    expect(r.rewards).toEqual([]);
    expect(r.earnedNotes).toEqual([]);
    expect((await earningOf(referrer)).referrals).toEqual({ invited: 1, rewarded: 0, reward: 3 });

    // Once verified, the next event pays.
    await app.database.db.update(users).set({ emailVerified: 1 }).where(eq(users.id, host.id));
    const next = await eventWith(host, [other], 'Doğrulanmış hostun etkinliği');
    await moveEventEnd(app, next, PAST_GRACE);
    await settle();
    r = await stateOf(referrer);
    expect(r.balance).toBe(8);
    expect(r.rewards.map((e) => [e.delta, e.reason, e.event?.id])).toEqual([[3, 'REFERRAL', next]]);
  });
});

describe('monthly challenge', () => {
  it('pays 5 tokens once for hosting 5 qualifying events in the Turkish calendar month', async () => {
    const host = await app.newUser();
    const month = turkeyMonth(new Date());

    // The host earns 3 extra tokens by taking part in others' events (5 + 3 = 8 to spend).
    for (let i = 0; i < 3; i++) {
      const other = await app.newUser();
      const id = await eventWith(other, [host], `Başkasının etkinliği ${i + 1}`);
      await moveEventEnd(app, id, PAST_GRACE);
    }
    await settle();
    expect((await stateOf(host)).balance).toBe(8);

    // Four qualifying events and three that do not count: nobody accepted, cancelled, last month.
    for (let i = 0; i < 4; i++) {
      const id = await eventWith(host, [await app.newUser()], `Aylık görev etkinliği ${i + 1}`);
      await endWithinThisMonth(id);
    }
    const empty = await eventWith(host, [], 'Kimsenin katılmadığı etkinlik');
    await endWithinThisMonth(empty);
    const cancelled = await eventWith(host, [await app.newUser()], 'İptal edilen etkinlik');
    expect(
      (await app.gql(CANCEL, { input: { id: cancelled } }, { token: host.token })).errors,
    ).toBeUndefined();
    await endWithinThisMonth(cancelled);
    const lastMonth = await eventWith(host, [await app.newUser()], 'Geçen ayın etkinliği');
    const lastMonthStart = new Date(turkeyMonthStart(new Date()).getTime() - 2 * DAY);
    await app.database.db
      .update(events)
      .set({ startsAt: lastMonthStart, endsAt: new Date(lastMonthStart.getTime() + 90 * 60_000) })
      .where(eq(events.id, lastMonth));
    // One more, still to come.
    const upcoming = await eventWith(host, [await app.newUser()], 'Henüz başlamamış etkinlik');

    await settle();
    expect(await settledAt(upcoming)).toBeNull();
    expect((await earningOf(host)).challenge).toEqual({
      month,
      hostedEvents: 4,
      goal: 5,
      reward: 5,
      done: false,
    });
    let h = await stateOf(host);
    expect(h.balance).toBe(0);
    expect(h.rewards.every((e) => e.cause.startsWith('Katılım ödülü:'))).toBe(true);

    // The fifth completes it.
    await endWithinThisMonth(upcoming);
    await settle();
    h = await stateOf(host);
    expect(h.balance).toBe(5);
    expect(h.ledger[0]).toEqual({
      delta: 5,
      reason: 'EARNED',
      balanceAfter: 5,
      cause: `Aylık görev tamamlandı (${month})`,
      expiresAt: null,
      event: null,
    });
    expect(h.earnedNotes[0]).toEqual({
      type: 'TOKENS_EARNED',
      text: `+5 token kazandın: Aylık görev tamamlandı (${month})`,
      event: null,
    });
    expect((await earningOf(host)).challenge).toEqual({
      month,
      hostedEvents: 5,
      goal: 5,
      reward: 5,
      done: true,
    });

    // A sixth qualifying event this month pays no second challenge.
    const sixth = await eventWith(host, [await app.newUser()], 'Altıncı etkinlik');
    await endWithinThisMonth(sixth);
    await settle();
    h = await stateOf(host);
    expect(h.balance).toBe(4);
    expect(h.rewards.filter((e) => e.cause.startsWith('Aylık görev'))).toHaveLength(1);
    expect(h.earnedNotes.filter((n) => n.text.includes('Aylık görev'))).toHaveLength(1);
    expect((await earningOf(host)).challenge).toMatchObject({ hostedEvents: 5, done: true });
  });
});
