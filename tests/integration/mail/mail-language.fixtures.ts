import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '#db/schema/index.ts';
import { CLIENT_ID, randomIp } from '#tests/helpers/identity.ts';
import type { TestApp, TestUser } from '#tests/helpers/test-app.ts';
import { ok } from '#tests/integration/trust/trust.fixtures.ts';

// What the e-mail language tests share (ADR 057): users in a language, the outbox, and one check
// that a mail is in one language only.
export type Locale = 'tr' | 'en';
export type OutboxMail = typeof mailOutbox.$inferSelect;

export const SETTINGS = `mutation($input: UpdateSettingsInput!) { updateSettings(input: $input) { viewer { id } } }`;
export const addressOf = (u: TestUser) => `${u.sub}@squad.test`;

// Subject, text and HTML in one language: the frame, the greeting and the signature, and none of
// the other language's fixed words.
export const TURKISH = /Selam!|Squad ekibi|etkinli|isteğin|Bu e-postayı Squad hesabınla/;
export const ENGLISH = /\bHi!|The Squad team|You received this e-mail|\byour\b/i;
export function expectLanguage(mail: OutboxMail, locale: Locale) {
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

export function mailKit(appOf: () => TestApp) {
  async function userIn(locale: Locale): Promise<TestUser> {
    const user = await appOf().newUser();
    if (locale === 'en') ok(await appOf().gql(SETTINGS, { input: { locale: 'en' } }, { token: user.token }));
    return user;
  }

  const mailsTo = (to: string) =>
    appOf()
      .database.db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt));

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

  async function cognito(op: string, body: Record<string, unknown>, acceptLanguage?: string) {
    const res = await fetch(`${appOf().baseUrl}/cognito/`, {
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
  return { userIn, mailsTo, mailTo, cognito };
}
