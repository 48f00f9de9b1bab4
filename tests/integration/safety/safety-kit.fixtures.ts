import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '#db/schema/index.ts';
import type { Clock } from '#server/lib/clock.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { createEventAs, joinEvent } from '#tests/helpers/flows.ts';
import type { TestApp, TestUser } from '#tests/helpers/test-app.ts';

// The safety kit's tests (issue 30, ADR 068): operations, a movable clock shared by replicas, and
// the people and events the tests start from.

export const ADD = `mutation($email: String!) { addTrustedContact(input: {email: $email}) { contact { id email confirmed } } }`;
export const REMOVE = `mutation($id: ID!) { removeTrustedContact(input: {id: $id}) { removedContactId } }`;
export const CONFIRM = `mutation($token: String!) { confirmTrustedContact(input: {token: $token}) { userName } }`;
export const CONTACTS = `{ trustedContacts { id email confirmed } }`;
export const PLAN_FIELDS = `id shareExactPlace expectedHomeAt state askedAt homeAt alertedAt lastPositionAt expiresAt pageUrl contacts { id email } event { id }`;
export const SHARE = `mutation($input: ShareSafetyPlanInput!) { shareSafetyPlan(input: $input) { plan { ${PLAN_FIELDS} } } }`;
export const MY_PLAN = `query($eventId: ID!) { mySafetyPlan(eventId: $eventId) { ${PLAN_FIELDS} } }`;
export const HOME = `mutation($planId: ID!) { confirmHome(input: {planId: $planId}) { plan { ${PLAN_FIELDS} } } }`;
export const EXTEND = `mutation($planId: ID!, $at: DateTime!) { extendSafetyCheck(input: {planId: $planId, expectedHomeAt: $at}) { plan { ${PLAN_FIELDS} } } }`;
export const END_CHECK = `mutation($planId: ID!) { endSafetyCheck(input: {planId: $planId}) { plan { ${PLAN_FIELDS} } } }`;
export const DELETE_PLAN = `mutation($planId: ID!) { deleteSafetyPlan(input: {planId: $planId}) { deletedPlanId } }`;
export const POSITION = `mutation($input: SharePositionInput!) { sharePosition(input: $input) { sentTo sharedAt } }`;
export const PAGE = `query($token: String!) { publicSafetyPlan(token: $token) { state userName eventTitle startsAt endsAt place host hostProfileUrl expectedHomeAt homeAt alertedAt lastPosition { latitude longitude sharedAt } } }`;

// Real time plus an offset the test moves; every replica of a test shares one.
export function movableClock(): Clock & { advance(ms: number): void; reset(): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    reset() {
      offset = 0;
    },
  };
}

export const contactEmail = () => `guvendigim-${crypto.randomUUID().slice(0, 8)}@example.com`;

export async function mailsTo(app: TestApp, to: string) {
  return app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));
}

export const tokenIn = (text: string, path: 'safety/confirm' | 'plan') =>
  new RegExp(`/${path}/([A-Za-z0-9_-]{20,})`).exec(text)?.[1] ?? '';

// A contact added and confirmed through the token its mail carries.
export async function confirmedContact(app: TestApp, user: TestUser, email = contactEmail()) {
  const added = await app.gql(ADD, { email }, { token: user.token });
  expect(added.errors).toBeUndefined();
  const [mail] = await mailsTo(app, email);
  const confirmed = await app.gql(CONFIRM, { token: tokenIn(mail.text, 'safety/confirm') });
  expect(confirmed.errors).toBeUndefined();
  return { id: added.data.addTrustedContact.contact.id as string, email };
}

// A physical event starting in `startsInMs` (90 minutes long) with `guest` accepted.
export async function eventWithGuest(app: TestApp, startsInMs: number, guest?: TestUser) {
  const host = await app.newUser();
  const { date, time } = toTurkeyDateTime(new Date(app.deps.clock.now().getTime() + startsInMs));
  const id = await createEventAs(app, host, { overrides: { date, time } });
  const g = guest ?? (await app.newUser());
  await joinEvent(app, id, host, g);
  return { id, host, guest: g };
}

export async function share(app: TestApp, user: TestUser, input: Record<string, unknown>) {
  const res = await app.gql(SHARE, { input }, { token: user.token });
  expect(res.errors).toBeUndefined();
  return res.data.shareSafetyPlan.plan as {
    id: string;
    pageUrl: string;
    expectedHomeAt: string;
    state: string;
    expiresAt: string;
  };
}

export const pageToken = (plan: { pageUrl: string }) => plan.pageUrl.split('/plan/')[1];
