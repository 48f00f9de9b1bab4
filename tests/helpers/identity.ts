import crypto from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { TestApp } from './test-app.ts';

export const randomIp = () =>
  `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
export const randomEmail = (prefix = 'kullanici') =>
  `${prefix}.${crypto.randomUUID().slice(0, 8)}@squad.test`;

// The official AWS SDK, pointed at the built-in provider. Each client gets its own (fake) client IP so
// per-IP throttling in one test does not spill into another.
export function sdkFor(app: TestApp, ip = randomIp()) {
  const client = new CognitoIdentityProviderClient({
    region: 'eu-central-1',
    endpoint: `${app.baseUrl}/cognito/`,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  client.middlewareStack.add(
    (next) => async (args) => {
      (args.request as { headers: Record<string, string> }).headers['x-forwarded-for'] = ip;
      return next(args);
    },
    { step: 'build', name: 'fakeClientIp' },
  );
  return client;
}

export type Mail = { to: string; subject: string; text: string; html: string; createdAt: string };

export async function mailbox(app: TestApp): Promise<Mail[]> {
  const res = await fetch(`${app.baseUrl}/dev/mailbox.json`);
  return (await res.json()) as Mail[];
}

export async function latestMailTo(app: TestApp, to: string): Promise<Mail> {
  const mail = (await mailbox(app)).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

export async function verificationCode(app: TestApp, email: string): Promise<string> {
  const mail = await latestMailTo(app, email);
  const link = /(http\S+\/verify\?username=[^\s&]+&code=(\d{6}))/.exec(mail.text);
  if (!link) throw new Error(`no verification link in ${mail.text}`);
  return link[2];
}

export async function resetCode(app: TestApp, email: string): Promise<string> {
  const mail = await latestMailTo(app, email);
  const code = /\b(\d{6})\b/.exec(mail.text);
  if (!code) throw new Error('no code in the reset mail');
  return code[1];
}

export const CLIENT_ID = 'squad-web';

// A confirmed account signed in through the provider: its tokens, as the SPA would hold them.
export async function signedUpUser(app: TestApp, password = 'gizli-sifre-1') {
  const sdk = sdkFor(app);
  const email = randomEmail();
  await sdk.send(
    new SignUpCommand({
      ClientId: CLIENT_ID,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await sdk.send(
    new ConfirmSignUpCommand({
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: await verificationCode(app, email),
    }),
  );
  const auth = await sdk.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { sdk, email, password, tokens: auth.AuthenticationResult! };
}

export { ConfirmForgotPasswordCommand, ForgotPasswordCommand };

// The error's Cognito name, as the AWS SDK reports it.
export async function errorName(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as { name: string }).name;
  }
  return 'no error';
}

export const signUp = (sdk: ReturnType<typeof sdkFor>, email: string, password = 'gizli-sifre-1') =>
  sdk.send(
    new SignUpCommand({
      ClientId: CLIENT_ID,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
export const signIn = (sdk: ReturnType<typeof sdkFor>, email: string, password: string) =>
  sdk.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
