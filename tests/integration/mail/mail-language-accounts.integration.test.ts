import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.ts';
import { hashPassword } from '#server/identity/passwords.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { chat, groupOf } from '#tests/integration/social/social.fixtures.ts';
import { DOCS, moderator, ok } from '#tests/integration/trust/trust.fixtures.ts';
import { addressOf, expectLanguage, mailKit, SETTINGS } from './mail-language.fixtures.ts';

// Every e-mail goes out in its recipient's language (ADR 057): the account's language, Turkish by
// default; the identity provider's before an account exists in the language the client sent.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const { userIn, mailsTo, mailTo } = mailKit(() => app);

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
