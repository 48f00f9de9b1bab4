import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { requestToJoin } from '#tests/helpers/flows.ts';
import {
  ADD,
  CONFIRM,
  CONTACTS,
  DELETE_PLAN,
  PAGE,
  REMOVE,
  SHARE,
  confirmedContact,
  contactEmail,
  eventWithGuest,
  mailsTo,
  movableClock,
  pageToken,
  share,
  tokenIn,
} from './safety-kit.fixtures.ts';

// Trusted contacts and 'Planımı paylaş' (issue 30 points 1 and 2, ADR 068): a contact confirms once
// through its link and gets nothing before; a plan goes to the chosen confirmed contacts with the
// public place unless the exact one was ticked; the page needs no account and expires a day after
// the event.

const clock = movableClock();
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock });
});
afterAll(async () => {
  await app?.close();
});

describe('trusted contacts', () => {
  it('adds up to three by e-mail, mails a confirmation link, confirms once without an account, removes at once', async () => {
    const user = await app.newUser();
    const email = contactEmail();
    const added = await app.gql(ADD, { email: `  ${email.toUpperCase()} ` }, { token: user.token });
    expect(added.errors).toBeUndefined();
    expect(added.data.addTrustedContact.contact).toMatchObject({ email, confirmed: false });

    const [mail] = await mailsTo(app, email);
    expect(mail.subject).toContain('güvendiği kişi olarak');
    const token = tokenIn(mail.text, 'safety/confirm');
    expect(token).toHaveLength(43);

    // The same address again, a fourth contact, a bad address, the user's own address.
    expectOneError(await app.gql(ADD, { email }, { token: user.token }), 'CONFLICT');
    await app.gql(ADD, { email: contactEmail() }, { token: user.token });
    await app.gql(ADD, { email: contactEmail() }, { token: user.token });
    const fourth = expectOneError(
      await app.gql(ADD, { email: contactEmail() }, { token: user.token }),
      'CONFLICT',
    );
    expect(fourth.message).toBe('En fazla 3 güvendiğin kişi ekleyebilirsin.');
    const bad = expectOneError(
      await app.gql(ADD, { email: 'kimse' }, { token: user.token }),
      'BAD_USER_INPUT',
    );
    expect(bad.extensions?.field).toBe('input.email');
    expect(bad.message).toBe('Geçerli bir e-posta adresi gir.');
    const own = await app.newUser();
    expectOneError(
      await app.gql(ADD, { email: `${own.sub}@squad.test` }, { token: own.token }),
      'BAD_USER_INPUT',
    );

    // Confirmation: no account, twice is fine, a made-up token is not found.
    const confirmed = await app.gql(CONFIRM, { token });
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data.confirmTrustedContact.userName).toBeTruthy();
    expect((await app.gql(CONFIRM, { token })).errors).toBeUndefined();
    expectOneError(await app.gql(CONFIRM, { token: 'x'.repeat(43) }), 'NOT_FOUND');

    const list = await app.gql(CONTACTS, {}, { token: user.token });
    expect(list.data.trustedContacts).toHaveLength(3);
    expect(list.data.trustedContacts[0]).toMatchObject({ email, confirmed: true });
    expect(list.data.trustedContacts[1].confirmed).toBe(false);

    // Another user cannot remove it; the owner can, and it is gone at once.
    const id = list.data.trustedContacts[0].id;
    const stranger = await app.newUser();
    expectOneError(await app.gql(REMOVE, { id }, { token: stranger.token }), 'NOT_FOUND');
    expect(
      (await app.gql(REMOVE, { id }, { token: user.token })).data.removeTrustedContact.removedContactId,
    ).toBe(id);
    const after = await app.gql(CONTACTS, {}, { token: user.token });
    expect(after.data.trustedContacts.map((c: { id: string }) => c.id)).not.toContain(id);
    // The link of a removed contact opens nothing.
    expectOneError(await app.gql(CONFIRM, { token }), 'NOT_FOUND');
  });

  it('answers in English for an English request', async () => {
    const user = await app.newUser();
    const res = await app.gql(
      ADD,
      { email: 'nope' },
      { token: user.token, headers: { 'accept-language': 'en' } },
    );
    expect(expectOneError(res, 'BAD_USER_INPUT').message).toBe('Enter a valid e-mail address.');
  });
});

describe('share my plan', () => {
  it('sends the public place by default, to confirmed contacts only; the page shows the plan without an account', async () => {
    const e = await eventWithGuest(app, 2 * 3600_000);
    const confirmed = await confirmedContact(app, e.guest);
    const pendingEmail = contactEmail();
    const pending = await app.gql(ADD, { email: pendingEmail }, { token: e.guest.token });
    const pendingId = pending.data.addTrustedContact.contact.id;

    // An unconfirmed contact cannot be chosen.
    const refused = await app.gql(
      SHARE,
      { input: { eventId: e.id, contactIds: [confirmed.id, pendingId] } },
      { token: e.guest.token },
    );
    expect(expectOneError(refused, 'BAD_USER_INPUT').extensions?.field).toBe('input.contactIds');

    const plan = await share(app, e.guest, { eventId: e.id, contactIds: [confirmed.id] });
    expect(plan.state).toBe('ACTIVE');
    // Default home time: the end (start + 90 min) + 60 min; the page lives until a day after the end.
    const { data } = await app.gql(PAGE, { token: pageToken(plan) });
    const page = data.publicSafetyPlan;
    expect(new Date(plan.expectedHomeAt).getTime() - new Date(page.endsAt).getTime()).toBe(60 * 60_000);
    expect(new Date(plan.expiresAt).getTime() - new Date(page.endsAt).getTime()).toBe(24 * 3600_000);
    expect(page).toMatchObject({
      state: 'ACTIVE',
      eventTitle: 'Moda sahilde halı saha',
      place: 'Kadıköy, İstanbul',
      homeAt: null,
      alertedAt: null,
      lastPosition: null,
    });
    expect(page.host).toBeTruthy();
    expect(page.host).not.toContain('@squad.test');
    expect(page.hostProfileUrl).toBe(`http://squad.test/e/${e.id}`);

    const [mail] = (await mailsTo(app, confirmed.email)).filter((m) => m.subject.includes('planını'));
    expect(mail.text).toContain('Kadıköy, İstanbul');
    expect(mail.text).not.toMatch(/Moda Sahil|Caferağa/);
    expect(mail.text).toContain(plan.pageUrl);
    // The pending contact got its confirmation and nothing else.
    expect((await mailsTo(app, pendingEmail)).map((m) => m.subject)).toEqual([
      expect.stringContaining('güvendiği kişi olarak'),
    ]);

    // One plan per event.
    expectOneError(
      await app.gql(
        SHARE,
        { input: { eventId: e.id, contactIds: [confirmed.id] } },
        { token: e.guest.token },
      ),
      'CONFLICT',
    );
  });

  it('sends the exact place only when ticked; the host may share too; a requester or stranger may not', async () => {
    const e = await eventWithGuest(app, 3 * 3600_000);
    const contact = await confirmedContact(app, e.guest);
    const plan = await share(app, e.guest, {
      eventId: e.id,
      contactIds: [contact.id],
      shareExactPlace: true,
    });
    const [mail] = (await mailsTo(app, contact.email)).filter((m) => m.subject.includes('planını'));
    expect(mail.text).toContain('Moda Sahil, Caferağa, Moda Cd., Kadıköy');
    const page = (await app.gql(PAGE, { token: pageToken(plan) })).data.publicSafetyPlan;
    expect(page.place).toBe('Moda Sahil, Caferağa, Moda Cd., Kadıköy');

    const hostContact = await confirmedContact(app, e.host);
    expect((await share(app, e.host, { eventId: e.id, contactIds: [hostContact.id] })).state).toBe('ACTIVE');

    const requester = await app.newUser();
    await requestToJoin(app, e.id, requester);
    const rc = await confirmedContact(app, requester);
    const asked = await app.gql(
      SHARE,
      { input: { eventId: e.id, contactIds: [rc.id] } },
      { token: requester.token },
    );
    expectOneError(asked, 'FORBIDDEN');
    // Someone else's contact id is no contact of the viewer's (a stranger is refused first).
    const stranger = await app.newUser();
    const other = await app.gql(
      SHARE,
      { input: { eventId: e.id, contactIds: [contact.id] } },
      { token: stranger.token },
    );
    expectOneError(other, 'FORBIDDEN');
    const notMine = await app.gql(
      SHARE,
      { input: { eventId: e.id, contactIds: [rc.id] } },
      { token: e.host.token },
    );
    expectOneError(notMine, 'BAD_USER_INPUT');
  });

  it('refuses a home time before the end or more than 12 hours after it', async () => {
    const e = await eventWithGuest(app, 2 * 3600_000);
    const contact = await confirmedContact(app, e.guest);
    const early = new Date(clock.now().getTime() + 2 * 3600_000).toISOString();
    const res = await app.gql(
      SHARE,
      { input: { eventId: e.id, contactIds: [contact.id], expectedHomeAt: early } },
      { token: e.guest.token },
    );
    expect(expectOneError(res, 'BAD_USER_INPUT').extensions?.field).toBe('input.expectedHomeAt');
  });

  it('the page expires a day after the event; deleting the plan deletes the page', async () => {
    const e = await eventWithGuest(app, 2 * 3600_000);
    const contact = await confirmedContact(app, e.guest);
    const plan = await share(app, e.guest, {
      eventId: e.id,
      contactIds: [contact.id],
      shareExactPlace: true,
    });
    const token = pageToken(plan);
    try {
      clock.advance(2 * 3600_000 + 90 * 60_000 + 24 * 3600_000 + 60_000);
      const page = (await app.gql(PAGE, { token })).data.publicSafetyPlan;
      expect(page).toEqual({
        state: 'EXPIRED',
        userName: null,
        eventTitle: null,
        startsAt: null,
        endsAt: null,
        place: null,
        host: null,
        hostProfileUrl: null,
        expectedHomeAt: null,
        homeAt: null,
        alertedAt: null,
        lastPosition: null,
      });
    } finally {
      clock.reset();
    }
    const stranger = await app.newUser();
    expectOneError(await app.gql(DELETE_PLAN, { planId: plan.id }, { token: stranger.token }), 'NOT_FOUND');
    const deleted = await app.gql(DELETE_PLAN, { planId: plan.id }, { token: e.guest.token });
    expect(deleted.data.deleteSafetyPlan.deletedPlanId).toBe(plan.id);
    expectOneError(await app.gql(PAGE, { token }), 'NOT_FOUND');
  });
});

describe("the user's data copy", () => {
  it('carries their trusted contacts and shared plans, without the confirmation or page tokens', async () => {
    const e = await eventWithGuest(app, 2 * 3600_000);
    const confirmed = await confirmedContact(app, e.guest);
    const pendingEmail = contactEmail();
    const pending = await app.gql(ADD, { email: pendingEmail }, { token: e.guest.token });
    const plan = await share(app, e.guest, {
      eventId: e.id,
      contactIds: [confirmed.id],
      shareExactPlace: true,
    });
    const res = await app.gql(
      `mutation { exportMyData(input: {format: JSON}) { archive } }`,
      {},
      { token: e.guest.token },
    );
    expect(res.errors).toBeUndefined();
    const archive: string = res.data.exportMyData.archive;
    const data = JSON.parse(archive);
    expect(data.trustedContacts).toEqual([
      expect.objectContaining({ id: confirmed.id, email: confirmed.email, confirmed_at: expect.any(String) }),
      expect.objectContaining({
        id: pending.data.addTrustedContact.contact.id,
        email: pendingEmail,
        confirmed_at: null,
      }),
    ]);
    expect(data.safetyPlans).toEqual([
      expect.objectContaining({
        id: plan.id,
        event_id: e.id,
        share_exact_place: true,
        contact_ids: [confirmed.id],
        alerted_at: null,
      }),
    ]);
    expect(new Date(data.safetyPlans[0].expected_home_at).getTime()).toBe(
      new Date(plan.expectedHomeAt).getTime(),
    );
    // A token would open the page or confirm the contact: a copy must not be a key.
    const [invite] = await mailsTo(app, pendingEmail);
    for (const secret of [pageToken(plan), tokenIn(invite.text, 'safety/confirm')])
      expect(archive).not.toContain(secret);
    // The host's copy has none of the guest's safety data.
    const hostCopy = await app.gql(
      `mutation { exportMyData(input: {format: JSON}) { archive } }`,
      {},
      { token: e.host.token },
    );
    const host = JSON.parse(hostCopy.data.exportMyData.archive);
    expect(host.trustedContacts).toEqual([]);
    expect(host.safetyPlans).toEqual([]);
    expect(hostCopy.data.exportMyData.archive).not.toContain(confirmed.email);
  });
});
