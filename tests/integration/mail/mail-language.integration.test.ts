import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '#db/schema/index.ts';
import { hashPassword } from '#server/identity/passwords.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { createEventAs, joinEvent } from '#tests/helpers/flows.ts';
import { CLIENT_ID, randomEmail, randomIp, signedUpUser } from '#tests/helpers/identity.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';
import {
  ACCEPT,
  DECLINE,
  joinRequestSteps,
} from '#tests/integration/join-requests/join-requests.fixtures.ts';
import { chat, groupOf } from '#tests/integration/social/social.fixtures.ts';
import { DOCS, moderator, ok } from '#tests/integration/trust/trust.fixtures.ts';

// Every e-mail goes out in its recipient's language (ADR 057): the account's language, Turkish by
// default; the identity provider's before an account exists in the language the client sent.
let app: TestApp;
const steps = joinRequestSteps(() => app);
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Locale = 'tr' | 'en';
type OutboxMail = typeof mailOutbox.$inferSelect;

const SETTINGS = `mutation($input: UpdateSettingsInput!) { updateSettings(input: $input) { viewer { id } } }`;
const addressOf = (u: TestUser) => `${u.sub}@squad.test`;

async function userIn(locale: Locale): Promise<TestUser> {
  const user = await app.newUser();
  if (locale === 'en') ok(await app.gql(SETTINGS, { input: { locale: 'en' } }, { token: user.token }));
  return user;
}

const mailsTo = (to: string) =>
  app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));

async function mailTo(to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).find((m) => subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

// Subject, text and HTML in one language: the frame, the greeting and the signature, and none of
// the other language's fixed words.
const TURKISH = /Selam!|Squad ekibi|etkinli|isteğin|Bu e-postayı Squad hesabınla/;
const ENGLISH = /\bHi!|The Squad team|You received this e-mail|\byour\b/i;
function expectLanguage(mail: OutboxMail, locale: Locale) {
  expect(mail.html).toContain(`<html lang="${locale}">`);
  if (locale === 'en') {
    expect(mail.html).toContain('You received this e-mail because something happened on your Squad account.');
    expect(mail.text).toContain('The Squad team');
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(TURKISH);
  } else {
    expect(mail.html).toContain('Bu e-postayı Squad hesabınla ilgili bir işlem yapıldığı için aldın.');
    expect(mail.text).toContain('Squad ekibi');
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(ENGLISH);
  }
}

async function cognito(op: string, body: Record<string, unknown>, acceptLanguage?: string) {
  const res = await fetch(`${app.baseUrl}/cognito/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${op}`,
      'X-Forwarded-For': randomIp(),
      ...(acceptLanguage ? { 'Accept-Language': acceptLanguage } : {}),
    },
    body: JSON.stringify({ ClientId: CLIENT_ID, ...body }),
  });
  expect(res.status).toBe(200);
}

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

describe('messages and tokens', () => {
  it('the unread-messages digest, in the away member’s language', async () => {
    for (const locale of ['en', 'tr'] as const) {
      const host = await app.newUser();
      const member = await userIn(locale);
      const { groupId } = await groupOf(app, host, [member]);
      await app.database.db
        .update(users)
        .set({ lastSeenAt: new Date(Date.now() - 3600_000) })
        .where(eq(users.id, member.id));
      ok(await chat(app, host, groupId, 'Yarın saat kaçta?'));
      expect(await app.services.digests.sendDigest(groupId, member.id)).toBe('sent');
      const digest = await mailTo(addressOf(member), /okunmamış|unread/);
      expect(digest.text).toContain('Yarın saat kaçta?');
      expectLanguage(digest, locale);
    }
  });

  it('the receipt and a declined auto-refill, in the buyer’s language, amounts and dates written in it', async () => {
    for (const locale of ['en', 'tr'] as const) {
      const user = await userIn(locale);
      const started = ok(
        await app.gql(
          `mutation { startTokenPurchase(input: {packageId: "popular", saveMethod: true}) { checkoutUrl } }`,
          undefined,
          { token: user.token },
        ),
      );
      const res = await fetch(
        (started.startTokenPurchase.checkoutUrl as string).replace('http://squad.test', app.baseUrl),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'result=paid&saveMethod=on',
          redirect: 'manual',
        },
      );
      expect(res.status).toBe(303);
      const receipt = await mailTo(addressOf(user), /makbuzu|receipt/);
      expect(receipt.subject).toBe(
        locale === 'en'
          ? 'Squad receipt: Popular Pack (12 tokens)'
          : 'Squad makbuzu: Popular Pack (12 token)',
      );
      expect(receipt.text).toContain(locale === 'en' ? 'Amount: US$17.99' : 'Tutar: $17,99');
      expectLanguage(receipt, locale);

      ok(
        await app.gql(
          `mutation($input: SetAutoRefillInput!) { setAutoRefill(input: $input) { viewer { id } } }`,
          { input: { enabled: true, threshold: 20 } },
          { token: user.token },
        ),
      );
      // The bank declines the saved card off-session (the sandbox's 0341 test card).
      await app.database.db
        .update(users)
        .set({
          paymentMethod: {
            provider: 'sandbox',
            customerId: null,
            methodId: 'pm_sb_0341_test',
            brand: 'visa',
            last4: '0341',
          },
        })
        .where(eq(users.id, user.id));
      await app.services.payments.runAutoRefill(user.id);
      const stopped = await mailTo(addressOf(user), /durduruldu|stopped/);
      expectLanguage(stopped, locale);
    }
  });
});

describe('moderation outcomes and the account’s end', () => {
  it('a suspension tells the reason, the end and the way to appeal; the appeal’s decision follows', async () => {
    const mod = await moderator(app);
    for (const locale of ['en', 'tr'] as const) {
      const user = await userIn(locale);
      const action = ok(
        await app.gql(
          DOCS.suspend,
          { input: { userId: user.id, reason: 'Tekrarlanan taciz', days: 7 } },
          { token: mod.token },
        ),
      ).suspendUser.action;
      const suspended = await mailTo(addressOf(user), /askıya alındı|suspended/);
      expect(suspended.subject).toBe(
        locale === 'en' ? 'Your Squad account was suspended' : 'Squad hesabın askıya alındı',
      );
      expect(suspended.text).toContain('Tekrarlanan taciz');
      expect(suspended.text).toContain('http://squad.test/suspended');
      expect(suspended.text).toContain(locale === 'en' ? 'you can appeal' : 'itiraz edebilirsin');
      expect(suspended.text).toMatch(
        locale === 'en' ? /suspended until \d/ : /\d{4} \d{2}:\d{2} tarihine kadar/,
      );
      expectLanguage(suspended, locale);

      // A fresh sign-in (the suspension revoked the old tokens) appeals; overturned for one language,
      // upheld for the other.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const fresh = app.tokenFor({ sub: user.sub, username: user.sub });
      const appeal = ok(
        await app.gql(
          DOCS.appeal,
          { input: { actionId: action.id, text: 'Hesabım çalınmıştı.' } },
          { token: fresh },
        ),
      ).appealModerationAction.appeal;
      const overturn = locale === 'en';
      ok(
        await app.gql(
          DOCS.decide,
          { input: { appealId: appeal.id, overturn, note: 'Hesap güvenliği teyit edildi' } },
          { token: mod.token },
        ),
      );
      const decided = await mailTo(addressOf(user), /İtirazın|appeal/);
      expect(decided.subject).toBe(
        overturn ? 'Your appeal was accepted' : 'İtirazın incelendi: karar geçerli',
      );
      expect(decided.text).toContain('Hesap güvenliği teyit edildi');
      if (overturn) expect(decided.text).toContain('Your suspension was lifted');
      else expect(decided.text).toContain('bu karar kesindir');
      expectLanguage(decided, locale);
    }
  });

  it('deleting one’s account sends one last e-mail, in its language, after the address was erased from the account', async () => {
    for (const locale of ['en', 'tr'] as const) {
      const { sub } = await app.newIdentity();
      const email = `${sub}@squad.test`;
      await app.identity!.repo.updateAccount(sub, { passwordHash: await hashPassword('Gizli-Sifre-123') });
      const token = app.tokenFor({ sub, username: sub, email });
      ok(await app.gql('{ me { id } }', undefined, { token }));
      if (locale === 'en') ok(await app.gql(SETTINGS, { input: { locale: 'en' } }, { token }));
      ok(
        await app.gql(
          `mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { cancelledEvents } }`,
          { input: { confirmation: email, password: 'Gizli-Sifre-123' } },
          { token },
        ),
      );
      const mails = await mailsTo(email);
      expect(mails.map((m) => m.subject)).toEqual([
        locale === 'en' ? 'Your Squad account was deleted' : 'Squad hesabın silindi',
      ]);
      expectLanguage(mails[0], locale);
    }
  });
});
