import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { createEventAs, joinEvent } from '#tests/helpers/flows.ts';
import { randomEmail, signedUpUser } from '#tests/helpers/identity.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import {
  ACCEPT,
  DECLINE,
  joinRequestSteps,
} from '#tests/integration/join-requests/join-requests.fixtures.ts';
import { ok } from '#tests/integration/trust/trust.fixtures.ts';

import { addressOf, expectLanguage, mailKit, SETTINGS, type Locale } from './mail-language.fixtures.ts';

// Every e-mail goes out in its recipient's language (ADR 057): the account's language, Turkish by
// default; the identity provider's before an account exists in the language the client sent.
let app: TestApp;
const steps = joinRequestSteps(() => app);
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const { userIn, mailTo, cognito } = mailKit(() => app);

describe('the identity provider’s e-mails', () => {
  it('verification: in the language the client sent, the sign-up’s locale attribute first; Turkish by default', async () => {
    const cases: { header?: string; attribute?: string; expected: Locale }[] = [
      { expected: 'tr' },
      { header: 'en-GB,en;q=0.9', expected: 'en' },
      { header: 'tr-TR', expected: 'tr' },
      { header: 'tr-TR', attribute: 'en', expected: 'en' },
      { header: 'en', attribute: 'tr', expected: 'tr' },
    ];
    for (const c of cases) {
      const email = randomEmail('dil');
      const attributes = [
        { Name: 'email', Value: email },
        ...(c.attribute ? [{ Name: 'locale', Value: c.attribute }] : []),
      ];
      await cognito(
        'SignUp',
        { Username: email, Password: 'gizli-sifre-1', UserAttributes: attributes },
        c.header,
      );
      const mail = await mailTo(email, /./);
      expect(mail.subject).toBe(
        c.expected === 'en'
          ? 'Welcome to Squad! Confirm your e-mail 📧'
          : "Squad'a hoş geldin! E-postanı doğrula 📧",
      );
      expect(mail.text).toMatch(/\/verify\?username=/);
      expectLanguage(mail, c.expected);
    }
  });

  it('password reset: the account’s language once it has one, else the language the client sent', async () => {
    // No account row yet: the header decides.
    for (const [header, expected] of [
      ['en-US', 'en'],
      ['tr', 'tr'],
    ] as const) {
      const { email } = await signedUpUser(app);
      await cognito('ForgotPassword', { Username: email }, header);
      const mail = await mailTo(email, /şifre sıfırlama|password reset/);
      expect(mail.subject).toBe(
        expected === 'en' ? 'Your Squad password reset code' : 'Squad şifre sıfırlama kodun',
      );
      expect(mail.text).toMatch(/\b\d{6}\b/);
      expectLanguage(mail, expected);
    }
    // An account whose language is English gets English whatever the browser says.
    const { email, tokens } = await signedUpUser(app);
    ok(await app.gql(SETTINGS, { input: { locale: 'en' } }, { token: tokens.AccessToken }));
    await cognito('ForgotPassword', { Username: email }, 'tr-TR');
    expectLanguage(await mailTo(email, /password reset/), 'en');
  });
});

describe('join requests', () => {
  it('the new request goes to the host, the decisions to the requester, each in their own language', async () => {
    for (const [hostLocale, guestLocale] of [
      ['en', 'tr'],
      ['tr', 'en'],
    ] as const) {
      const host = await userIn(hostLocale);
      const accepted = await userIn(guestLocale);
      const declined = await userIn(guestLocale);
      const title = `Kadıköy koşusu ${crypto.randomBytes(3).toString('hex')}`;
      const id = await steps.eventOf(host, { title, maxParticipants: 6 });
      const a = await steps.ask(accepted, id, 'Ben de geleyim mi?');
      const d = await steps.ask(declined, id, null);

      const request = await mailTo(addressOf(host), /katılım isteği|join request/);
      expect(request.subject).toBe(
        hostLocale === 'en'
          ? `New join request for "${title}"`
          : `"${title}" etkinliğine yeni katılım isteği`,
      );
      expectLanguage(request, hostLocale);

      ok(await app.gql(ACCEPT, { id: a.data.requestToJoin.joinRequest.id }, { token: host.token }));
      ok(await app.gql(DECLINE, { id: d.data.requestToJoin.joinRequest.id }, { token: host.token }));
      const yes = await mailTo(addressOf(accepted), /kabul edildi|accepted/);
      expect(yes.subject).toBe(
        guestLocale === 'en'
          ? `Your request to join "${title}" was accepted 🎉`
          : `"${title}" etkinliğine katılım isteğin kabul edildi 🎉`,
      );
      expectLanguage(yes, guestLocale);
      const no = await mailTo(addressOf(declined), /reddedildi|declined/);
      expect(no.subject).toBe(
        guestLocale === 'en'
          ? `Your request to join "${title}" was declined`
          : `"${title}" etkinliğine katılım isteğin reddedildi`,
      );
      expectLanguage(no, guestLocale);
    }
  });

  it('the waitlist’s offer, in the language of the one in line', async () => {
    for (const locale of ['en', 'tr'] as const) {
      const host = await app.newUser();
      const first = await app.newUser();
      const id = await createEventAs(app, host, { overrides: { maxParticipants: 2 } });
      await joinEvent(app, id, host, first);
      await joinEvent(app, id, host, await app.newUser());
      const waiting = await userIn(locale);
      const asked = await app.gql(
        `mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }`,
        { input: { eventId: id, waitlist: true } },
        { token: waiting.token },
      );
      ok(await app.gql(ACCEPT, { id: asked.data.requestToJoin.joinRequest.id }, { token: host.token }));
      ok(
        await app.gql(
          `mutation($input: LeaveEventInput!) { leaveEvent(input: $input) { event { id } } }`,
          { input: { eventId: id } },
          { token: first.token },
        ),
      );
      const offer = await mailTo(addressOf(waiting), /yer açıldı|place opened/);
      expectLanguage(offer, locale);
    }
  });
});

describe('event changes and reminders', () => {
  it('a move and a cancellation reach each participant in their language, dates written in it', async () => {
    const host = await app.newUser();
    const en = await userIn('en');
    const tr = await userIn('tr');
    const title = `Moda yürüyüşü ${crypto.randomBytes(3).toString('hex')}`;
    const id = await steps.eventOf(host, { title, maxParticipants: 6 });
    for (const user of [en, tr]) {
      const asked = await steps.ask(user, id, 'Geliyorum');
      ok(await app.gql(ACCEPT, { id: asked.data.requestToJoin.joinRequest.id }, { token: host.token }));
    }
    const later = toTurkeyDateTime(new Date(Date.now() + 6 * 24 * 3600_000));
    ok(
      await app.gql(
        `mutation($input: UpdateEventInput!) { updateEvent(input: $input) { event { id } } }`,
        { input: { id, date: later.date, time: '19:30' } },
        { token: host.token },
      ),
    );
    const movedEn = await mailTo(addressOf(en), /has changed/);
    expect(movedEn.subject).toBe(`"${title}" has changed`);
    expect(movedEn.text).toMatch(/New time: \d{1,2} [A-Z][a-z]+ \d{4}/);
    expectLanguage(movedEn, 'en');
    const movedTr = await mailTo(addressOf(tr), /değişiklik var/);
    expect(movedTr.text).toMatch(/Yeni zaman: \d{1,2} [A-ZÇĞİÖŞÜ][a-zçğıöşü]+ \d{4}/);
    expectLanguage(movedTr, 'tr');

    ok(
      await app.gql(
        `mutation($input: CancelEventInput!) { cancelEvent(input: $input) { event { status } } }`,
        { input: { id, reason: 'Yağmur' } },
        { token: host.token },
      ),
    );
    const cancelledEn = await mailTo(addressOf(en), /was cancelled/);
    expect(cancelledEn.text).toContain('The host’s note: "Yağmur"');
    expectLanguage(cancelledEn, 'en');
    expectLanguage(await mailTo(addressOf(tr), /iptal edildi/), 'tr');
  });

  it('the reminder, in the participant’s language', async () => {
    const host = await app.newUser();
    const en = await userIn('en');
    const tr = await userIn('tr');
    const { date, time } = toTurkeyDateTime(new Date(Date.now() + 20 * 3600_000));
    const id = await createEventAs(app, host, { overrides: { date, time, maxParticipants: 4 } });
    await joinEvent(app, id, host, en);
    await joinEvent(app, id, host, tr);
    await app.services.reminders.sweep();
    const english = await mailTo(addressOf(en), /^Reminder:/);
    expect(english.subject).toMatch(/^Reminder: ".+" · (today|tomorrow) at \d{2}:\d{2}$/i);
    expectLanguage(english, 'en');
    const turkish = await mailTo(addressOf(tr), /^Hatırlatma:/);
    expectLanguage(turkish, 'tr');
  });
});
