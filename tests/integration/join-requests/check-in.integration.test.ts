import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventAs, joinEvent, moveEventEnd } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Check-in at a physical event with the host's code (ADR 049).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const CODE = `query($id: ID!) { event(id: $id) { checkInCode checkInUrl } }`;
const CHECK_IN = `mutation($input: CheckInInput!) { checkIn(input: $input) { event { id viewerAttendance } } }`;
const RECORDS = `query($id: ID!) { event(id: $id) { participants { user { id } attended } } }`;

describe('check-in with the host’s code', () => {
  it('shows the code to the host only, and records a participant who brings it while the event is on', async () => {
    const host = await app.newUser();
    const [guest, stranger] = [await app.newUser(), await app.newUser()];
    const id = await createEventAs(app, host);
    await joinEvent(app, id, host, guest);

    const own = await app.gql(CODE, { id }, { token: host.token });
    const code: string = own.data.event.checkInCode;
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(own.data.event.checkInUrl).toBe(`${app.config.publicUrl}/e/${id}/checkin?code=${code}`);
    // The same code on every read; nobody else sees it.
    expect((await app.gql(CODE, { id }, { token: host.token })).data.event.checkInCode).toBe(code);
    for (const other of [guest, stranger]) {
      expect((await app.gql(CODE, { id }, { token: other.token })).data.event).toEqual({
        checkInCode: null,
        checkInUrl: null,
      });
    }
    // Another event has another code.
    const second = await createEventAs(app, host);
    expect((await app.gql(CODE, { id: second }, { token: host.token })).data.event.checkInCode).not.toBe(
      code,
    );

    const checkIn = (token: string, given: string, eventId = id) =>
      app.gql(CHECK_IN, { input: { eventId, code: given } }, { token });

    // Two days ahead: not open yet.
    expect(expectOneError(await checkIn(guest.token, code), 'CONFLICT').message).toBe(
      'Giriş, etkinlik başlamadan bir saat önce açılır ve etkinlik bitince kapanır.',
    );
    // Started half an hour ago, ends in an hour.
    await moveEventEnd(app, id, -60 * 60_000);
    const wrong = expectOneError(await checkIn(guest.token, 'ABCDEFGH'), 'BAD_USER_INPUT');
    expect(JSON.stringify(wrong.extensions)).toContain('input.code');
    expect(JSON.stringify(wrong.extensions)).toContain('Giriş kodu bu etkinliğin değil.');
    // The code of this event does not check anyone in elsewhere.
    await moveEventEnd(app, second, -60 * 60_000);
    expectOneError(await checkIn(guest.token, code, second), 'BAD_USER_INPUT');
    // Only accepted participants.
    expect(expectOneError(await checkIn(stranger.token, code), 'CONFLICT').message).toBe(
      'Yalnızca kabul edilen katılımcılar giriş yapabilir.',
    );

    // Case and spacing as a person types it.
    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`;
    const done = await checkIn(guest.token, typed);
    expect(done.errors).toBeUndefined();
    expect(done.data.checkIn.event).toEqual({ id, viewerAttendance: true });
    const records = await app.gql(RECORDS, { id }, { token: host.token });
    expect(
      records.data.event.participants.find((p: { user: { id: string } }) => p.user.id === guest.id).attended,
    ).toBe(true);
    // Again: still recorded once, no error.
    expect((await checkIn(guest.token, code)).errors).toBeUndefined();

    // Over: closed.
    await moveEventEnd(app, id, 60_000);
    expectOneError(await checkIn(guest.token, code), 'CONFLICT');
  });

  it('has no code for an online event', async () => {
    const host = await app.newUser();
    const id = await createEventAs(app, host, { online: true });
    expect((await app.gql(CODE, { id }, { token: host.token })).data.event.checkInCode).toBeNull();
    const res = await app.gql(CHECK_IN, { input: { eventId: id, code: 'ABCDEFGH' } }, { token: host.token });
    expect(expectOneError(res, 'CONFLICT').message).toBe('Online etkinliklerde kodla giriş yapılmaz.');
  });
});
