import crypto from 'node:crypto';
import { baseUrl } from './browser.ts';

const CLIENT_ID = 'squad-web';

async function cognito(op: string, body: Record<string, unknown>, ip: string) {
  const res = await fetch(`${baseUrl()}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
      'x-forwarded-for': ip,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${op}: ${JSON.stringify(json)}`);
  return json;
}

export type Mail = { to: string; subject: string; text: string; html: string };

export async function mailsTo(email: string): Promise<Mail[]> {
  const all = (await (await fetch(`${baseUrl()}/dev/mailbox.json`)).json()) as Mail[];
  return all.filter((m) => m.to === email);
}

export const newEmail = (prefix = 'e2e') => `${prefix}.${crypto.randomUUID().slice(0, 8)}@squad.test`;

// A confirmed account made through the provider's API (for tests that start signed out).
export async function confirmedAccount(password = 'Squad-e2e-1') {
  const email = newEmail();
  const ip = `10.99.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  await cognito(
    'SignUp',
    {
      ClientId: CLIENT_ID,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    },
    ip,
  );
  const [mail] = await mailsTo(email);
  const code = /code=(\d{6})/.exec(mail.text)![1];
  await cognito('ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: code }, ip);
  return { email, password };
}
