import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events } from '#db/schema/index.ts';
import { turkeyMonth } from '#server/modules/rewards/rewards.rules.ts';
import { moveEventEnd, requestToJoin } from '#tests/helpers/flows.ts';
import { expectOneError, type TestUser } from '#tests/helpers/test-app.ts';

import {
  app,
  APPLY,
  CANCEL,
  DAY,
  EARNING,
  PAST_GRACE,
  RATE,
  earningOf,
  endWithinThisMonth,
  eventWith,
  settle,
  settledAt,
  stateOf,
  turkeyMonthStart,
  useRewardsApp,
} from './rewards.fixture.ts';

// Token earning rules (spec §9, ADR 034): participation, five-star ratings, referrals and the monthly
// challenge. Tests run the settle job themselves (JOB_WORKER=0). The sweep covers every ended event of
// the shared database, so each test works with its own users and events and asserts their exact state.

useRewardsApp();

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
