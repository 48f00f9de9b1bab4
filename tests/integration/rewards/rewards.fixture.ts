import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventParticipants, events, users } from '#db/schema/index.ts';
import { turkeyMonth } from '#server/modules/rewards/rewards.rules.ts';
import { ATTENDANCE_GRACE_MS } from '#server/modules/rewards/rewards.service.ts';
import { createEventAs, joinEvent } from '#tests/helpers/flows.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// What the rewards tests share: the app, the earning rules' figures and helpers.
export let app: TestApp;
// Registers the app's start and stop in the calling test file.
export function useRewardsApp() {
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());
}

export const HOUR = 3600_000;
// Ended longer ago than the host has to record attendance (ADR 049): settled without a record.
export const PAST_GRACE = ATTENDANCE_GRACE_MS + HOUR;
export const DAY = 24 * HOUR;
// The sweep takes this many events per run (rewards.service.ts); other files' events may be ahead of ours.
export const SETTLE_BATCH = 200;

export type LedgerNode = {
  delta: number;
  reason: string;
  balanceAfter: number;
  cause: string;
  expiresAt: string | null;
  event: { id: string } | null;
};
export type NotificationNode = { type: string; text: string; event: { id: string } | null };

export const STATE = `{
  me { tokenBalance }
  tokenLedger(first: 100) { nodes { delta reason balanceAfter cause expiresAt event { id } } }
  notifications(first: 100) { nodes { type text event { id } } }
}`;

// A user's balance, ledger (newest first) and TOKENS_EARNED notifications (newest first).
export async function stateOf(user: TestUser) {
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

export const EARNING = `{
  earning {
    rules { id title description reward }
    challenge { month hostedEvents goal reward done }
    referrals { invited rewarded reward }
  }
}`;

export async function earningOf(user: TestUser) {
  const res = await app.gql(EARNING, undefined, { token: user.token });
  expect(res.errors).toBeUndefined();
  return res.data.earning;
}

// Runs the settle job until it has gone through every ended event.
export async function settle() {
  let n: number;
  do n = await app.services.rewards.settleEndedEvents();
  while (n >= SETTLE_BATCH);
}

export async function settledAt(eventId: string): Promise<Date | null> {
  const [row] = await app.database.db
    .select({ at: events.rewardsSettledAt })
    .from(events)
    .where(eq(events.id, eventId));
  return row.at;
}

export async function emailVerifiedOf(userId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ v: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row.v;
}

// An event by `host` with these accepted participants, still to come.
export async function eventWith(host: TestUser, participants: TestUser[], title: string) {
  const id = await createEventAs(app, host, { overrides: { title } });
  for (const p of participants) await joinEvent(app, id, host, p);
  return id;
}

// The instant the current calendar month begins in Turkey (UTC+3 all year).
export function turkeyMonthStart(at: Date): Date {
  return new Date(`${turkeyMonth(at)}-01T00:00:00+03:00`);
}

// Moves an event into the past, starting inside the current Turkish month whatever today is.
export async function endWithinThisMonth(eventId: string) {
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

export const CANCEL = `mutation($input: CancelEventInput!) { cancelEvent(input: $input) { tokenRefunded event { status } } }`;
export const RATE = `mutation($input: RateEventInput!) { rateEvent(input: $input) { rating { score } } }`;
export const APPLY = `mutation($input: ApplyReferralCodeInput!) { applyReferralCode(input: $input) { referrer { id } } }`;

export const apply = (user: TestUser, code: string) =>
  app.gql(APPLY, { input: { code } }, { token: user.token });

export async function referralCodeOf(user: TestUser): Promise<string> {
  const res = await app.gql('{ me { referralCode } }', undefined, { token: user.token });
  return res.data.me.referralCode as string;
}

export async function displayNameOf(user: TestUser): Promise<string> {
  const res = await app.gql('{ me { displayName } }', undefined, { token: user.token });
  return res.data.me.displayName as string;
}

// `user` names `referrer` as who invited them.
export async function refer(user: TestUser, referrer: TestUser) {
  const res = await apply(user, await referralCodeOf(referrer));
  expect(res.errors).toBeUndefined();
  expect(res.data.applyReferralCode.referrer.id).toBe(referrer.id);
}
