import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { inject } from 'vitest';
import { baseUrl } from './browser.ts';

const CLIENT_ID = 'squad-web';

// Every helper talks to the e2e server unless given another app's address (`base`).
async function cognito(op: string, body: Record<string, unknown>, ip: string, base = baseUrl()) {
  const res = await fetch(`${base}/cognito/`, {
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

export async function mailsTo(email: string, base = baseUrl()): Promise<Mail[]> {
  const all = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as Mail[];
  return all.filter((m) => m.to === email);
}

export const newEmail = (prefix = 'e2e') => `${prefix}.${crypto.randomUUID().slice(0, 8)}@squad.test`;

// A confirmed account made through the provider's API (for tests that start signed out).
export async function confirmedAccount(password = 'Squad-e2e-1', base = baseUrl()) {
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
    base,
  );
  const [mail] = await mailsTo(email, base);
  const code = /code=(\d{6})/.exec(mail.text)![1];
  await cognito('ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: code }, ip, base);
  return { email, password };
}

// Tokens and GraphQL over the API, for setting up what a test does not click through.
export async function accessToken(email: string, password: string, base = baseUrl()): Promise<string> {
  const res = await fetch(`${base}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      ClientId: 'squad-web',
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const json = (await res.json()) as { AuthenticationResult: { AccessToken: string } };
  return json.AuthenticationResult.AccessToken;
}

export async function graphql<T>(
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
  base = baseUrl(),
): Promise<T> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await res.json()) as { data: T; errors?: unknown };
  if (json.errors) throw new Error(JSON.stringify(json.errors));
  return json.data;
}

// `npm run admin` against the e2e server's data dir (the operator's command, as an operator runs it).
export function operatorCommand(...args: string[]) {
  return spawnSync('npx', ['tsx', 'scripts/admin.ts', ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: inject('e2eDataDir'),
      LOG_LEVEL: 'silent',
    },
  });
}
