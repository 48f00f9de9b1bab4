import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { createEventAs, moveEventEnd } from '#tests/helpers/flows.ts';
import { expectOneError } from '#tests/helpers/test-app.ts';

import {
  app,
  DAY,
  PAST_GRACE,
  apply,
  displayNameOf,
  earningOf,
  emailVerifiedOf,
  eventWith,
  refer,
  referralCodeOf,
  settle,
  settledAt,
  stateOf,
  useRewardsApp,
} from './rewards.fixture.ts';

// Referrals (spec §9, ADR 034): applying a code, and the referrer's reward once the referred user
// takes part. Shares rewards.fixture.ts with rewards.integration.test.ts.
useRewardsApp();

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
