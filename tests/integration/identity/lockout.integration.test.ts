import crypto from 'node:crypto';
import argon2 from 'argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_ID, randomIp, resetCode, signedUpUser } from '#tests/helpers/identity.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

type Answer = {
  status: number;
  retryAfter: string | null;
  // The device cookies the answer set, as a browser would send them back ("name=value; …").
  cookie: string;
  body: {
    __type?: string;
    message?: string;
    retryAfterSeconds?: number;
    AuthenticationResult?: { AccessToken: string };
  };
};

// A Cognito JSON call as the SPA sends it, from a given client address (the test app trusts loopback
// proxies, so X-Forwarded-For is the client's address here) with the cookies the device kept.
async function cognito(operation: string, body: unknown, ip: string, cookie?: string): Promise<Answer> {
  const res = await fetch(`${app.baseUrl}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      'x-forwarded-for': ip,
      ...(cookie && { cookie }),
    },
    body: JSON.stringify(body),
  });
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    cookie: cookies,
    body: (await res.json()) as Answer['body'],
  };
}

// USER_PASSWORD_AUTH.
const signIn = (email: string, password: string, ip: string, cookie?: string) =>
  cognito(
    'InitiateAuth',
    {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    },
    ip,
    cookie,
  );

// Holds every password verification (argon2.verify) at a gate and answers "wrong" once it opens, so
// a test can see how many attempts reached argon2 while all of a burst is in flight.
function holdVerifications() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const verify = vi.spyOn(argon2, 'verify').mockImplementation(async () => {
    await gate;
    return false;
  });
  return { verify, open };
}

// Sends the attempts at once; resolves when each one is either refused or waiting inside argon2, and
// says how many reached argon2. The answers come after `open()`.
async function burst(attempts: (() => Promise<Answer>)[]) {
  const held = holdVerifications();
  let answered = 0;
  const answers = attempts.map((a) => a().finally(() => (answered += 1)));
  await vi.waitFor(() => expect(held.verify.mock.calls.length + answered).toBe(attempts.length), {
    timeout: 60_000,
    interval: 20,
  });
  const verified = held.verify.mock.calls.length;
  held.open();
  const settled = await Promise.all(answers);
  vi.restoreAllMocks();
  return { verified, answers: settled, types: settled.map(kind) };
}

// A sign-in's lockout, as Cognito answers it (issue 26.7): NotAuthorizedException, told apart from a
// wrong password by its message; the wait rides along.
const LOCKED = 'Password attempts exceeded';
const kind = (a: Answer) =>
  a.body.__type === 'NotAuthorizedException' && a.body.message === LOCKED ? LOCKED : a.body.__type;

const count = (list: (string | undefined)[], value: string) => list.filter((v) => v === value).length;
const randomPrefix64 = () =>
  `2001:db8:${crypto.randomInt(0x10000).toString(16)}:${crypto.randomInt(0x10000).toString(16)}`;

describe('sign-in throttling without account lockout', () => {
  it('throttles the guessing address, lets the owner in from another, and says how long to wait', async () => {
    const { email, password } = await signedUpUser(app);
    const guesser = randomIp();
    for (let i = 0; i < 5; i++) {
      expect((await signIn(email, `yanlis-${i}`, guesser)).body.__type).toBe('NotAuthorizedException');
    }
    // The guessing address is refused even with the right password, and is told when to come back.
    const refused = await signIn(email, password, guesser);
    expect(kind(refused)).toBe(LOCKED);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.body.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(Number(refused.retryAfter)).toBe(refused.body.retryAfterSeconds);

    // The owner on another address (another device, network) signs in.
    const owner = await signIn(email, password, randomIp());
    expect(owner.status).toBe(200);
    expect(owner.body.AuthenticationResult).toBeDefined();
    // Still refused where the guessing came from.
    expect(kind(await signIn(email, password, guesser))).toBe(LOCKED);
  });

  it('stops guessing spread over many addresses at a per-account ceiling', async () => {
    const { email, password } = await signedUpUser(app);
    // 100 wrong passwords from 20 addresses, 5 each (under the per-address limit of each).
    const addresses = Array.from({ length: 20 }, () => randomIp());
    for (const ip of addresses) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => signIn(email, `dagitik-${i}`, ip)),
      );
      for (const a of answers) expect(a.body.__type).toBe('NotAuthorizedException');
    }
    const fresh = await signIn(email, password, randomIp());
    expect(kind(fresh)).toBe(LOCKED);
    expect(fresh.body.retryAfterSeconds).toBeGreaterThan(0);
  }, 120_000);
});

describe('sign-in limits under parallel attackers (ADR 053)', () => {
  it('lets at most 5 of 60 parallel wrong passwords from one address reach argon2', async () => {
    const { email } = await signedUpUser(app);
    const ip = randomIp();
    const { verified, types } = await burst(
      Array.from({ length: 60 }, (_, i) => () => signIn(email, `paralel-${i}`, ip)),
    );
    expect(verified).toBe(5);
    expect(count(types, 'NotAuthorizedException')).toBe(5);
    expect(count(types, LOCKED)).toBe(55);
  });

  it('refuses the right password sent inside a burst of wrong ones once the limit is spent', async () => {
    const { email, password } = await signedUpUser(app);
    const ip = randomIp();
    const held = holdVerifications();
    let answered = 0;
    const wrong = Array.from({ length: 39 }, (_, i) =>
      signIn(email, `yanlis-${i}`, ip).finally(() => (answered += 1)),
    );
    // The burst is in flight: 5 wrong passwords wait in argon2, the other 34 are refused.
    await vi.waitFor(() => expect(held.verify.mock.calls.length + answered).toBe(39), {
      timeout: 60_000,
      interval: 20,
    });
    expect(held.verify).toHaveBeenCalledTimes(5);
    const right = await signIn(email, password, ip);
    expect(kind(right)).toBe(LOCKED);
    expect(right.body.AuthenticationResult).toBeUndefined();
    expect(held.verify).toHaveBeenCalledTimes(5);
    held.open();
    const types = (await Promise.all(wrong)).map(kind);
    expect(count(types, 'NotAuthorizedException')).toBe(5);
  });

  it('lets at most the account ceiling of 160 guesses from rotating addresses reach argon2', async () => {
    const { email } = await signedUpUser(app);
    const { verified, types } = await burst(
      Array.from({ length: 160 }, (_, i) => () => signIn(email, `dagitik-${i}`, randomIp())),
    );
    expect(verified).toBe(100);
    expect(count(types, LOCKED)).toBe(60);
  }, 120_000);

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    const { email, password } = await signedUpUser(app);
    const prefix = randomPrefix64();
    // 20 addresses of one /64, 5 guesses each.
    const { verified, types } = await burst(
      Array.from(
        { length: 100 },
        (_, i) => () => signIn(email, `v6-${i}`, `${prefix}:${(i % 20) + 1}::${i + 1}`),
      ),
    );
    expect(verified).toBe(5);
    expect(count(types, LOCKED)).toBe(95);
    // Another address of the same /64 is that address too; the account itself is not held.
    expect(kind(await signIn(email, password, `${prefix}:ffff::1`))).toBe(LOCKED);
    expect((await signIn(email, password, `${randomPrefix64()}::1`)).status).toBe(200);
  });

  it('reserves change-password checks too', async () => {
    const { tokens } = await signedUpUser(app);
    const ip = randomIp();
    const { verified, types } = await burst(
      Array.from(
        { length: 20 },
        (_, i) => () =>
          cognito(
            'ChangePassword',
            {
              AccessToken: tokens.AccessToken,
              PreviousPassword: `eski-${i}`,
              ProposedPassword: 'yeni-sifre-1',
            },
            ip,
          ),
      ),
    );
    expect(verified).toBe(5);
    expect(count(types, 'NotAuthorizedException')).toBe(5);
    expect(count(types, 'LimitExceededException')).toBe(15);
  });

  it('lets the owner in from a known device, or after an e-mailed code, while the account is held', async () => {
    const { email, password } = await signedUpUser(app);
    // The owner's phone signed in before: it keeps the device cookie.
    const phoneIp = randomIp();
    const phone = await signIn(email, password, phoneIp);
    expect(phone.status).toBe(200);
    expect(phone.cookie).toMatch(/^squad\.device\.[\w-]+=/);

    // 100 wrong passwords from 20 addresses fill the account's ceiling.
    const attackers = Array.from({ length: 20 }, () => randomIp());
    const attack = await burst(
      Array.from({ length: 100 }, (_, i) => () => signIn(email, `saldiri-${i}`, attackers[i % 20])),
    );
    expect(attack.verified).toBe(100);
    // Held for everyone else, the right password included.
    const stranger = await signIn(email, password, randomIp());
    expect(kind(stranger)).toBe(LOCKED);
    expect(stranger.body.retryAfterSeconds).toBeGreaterThan(0);

    // The known device gets in, from its usual address or a new one.
    expect((await signIn(email, password, phoneIp, phone.cookie)).status).toBe(200);
    const travelling = await signIn(email, password, randomIp(), phone.cookie);
    expect(travelling.status).toBe(200);
    expect(travelling.body.AuthenticationResult?.AccessToken).toBeTruthy();
    // Another account's cookie, or a forged one, is no known device.
    const other = await signedUpUser(app);
    const otherPhone = await signIn(other.email, other.password, randomIp());
    expect(kind(await signIn(email, password, randomIp(), otherPhone.cookie))).toBe(LOCKED);
    const forged = phone.cookie.replace(/=([^.]+)\./, '=AAAAAAAAAAAAAAAAAAAAAA.');
    expect(kind(await signIn(email, password, randomIp(), forged))).toBe(LOCKED);

    // A laptop never used before: the e-mailed reset code proves the mailbox and makes it known.
    const laptopIp = randomIp();
    expect((await cognito('ForgotPassword', { ClientId: CLIENT_ID, Username: email }, laptopIp)).status).toBe(
      200,
    );
    const confirmed = await cognito(
      'ConfirmForgotPassword',
      {
        ClientId: CLIENT_ID,
        Username: email,
        ConfirmationCode: await resetCode(app, email),
        Password: 'yeni-gizli-sifre-2',
      },
      laptopIp,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.cookie).toMatch(/^squad\.device\./);
    expect((await signIn(email, 'yeni-gizli-sifre-2', laptopIp, confirmed.cookie)).status).toBe(200);
    expect(kind(await signIn(email, 'yeni-gizli-sifre-2', randomIp()))).toBe(LOCKED);

    // "Sign out everywhere" ends the devices' standing: the phone is held like everyone else.
    const signedIn = await signIn(email, 'yeni-gizli-sifre-2', laptopIp, confirmed.cookie);
    const accessToken = signedIn.body.AuthenticationResult!.AccessToken;
    expect((await cognito('GlobalSignOut', { AccessToken: accessToken }, laptopIp)).status).toBe(200);
    expect(kind(await signIn(email, 'yeni-gizli-sifre-2', randomIp(), phone.cookie))).toBe(LOCKED);
  }, 120_000);

  it('compares at most the per-account number of codes in a parallel burst of guesses', async () => {
    const { email } = await signedUpUser(app);
    const ip = randomIp();
    await cognito('ForgotPassword', { ClientId: CLIENT_ID, Username: email }, ip);
    const right = await resetCode(app, email);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        cognito(
          'ConfirmForgotPassword',
          { ClientId: CLIENT_ID, Username: email, ConfirmationCode: wrong, Password: 'yeni-sifre-3' },
          ip,
        ),
      ),
    );
    const types = answers.map((a) => a.body.__type);
    // 10 codes an hour per account, one of them the sign-up's; the code itself dies at its 5th wrong
    // guess.
    expect(count(types, 'LimitExceededException')).toBe(21);
    expect(count(types, 'CodeMismatchException') + count(types, 'ExpiredCodeException')).toBe(9);
  });

  it('holds a known device to its own 5 wrong passwords', async () => {
    const { email, password } = await signedUpUser(app);
    const ip = randomIp();
    const phone = await signIn(email, password, ip);
    const { verified } = await burst(
      Array.from({ length: 20 }, (_, i) => () => signIn(email, `cihaz-${i}`, randomIp(), phone.cookie)),
    );
    expect(verified).toBe(5);
    expect(kind(await signIn(email, password, randomIp(), phone.cookie))).toBe(LOCKED);
    // Without the device's standing, a fresh address is held only by its own counters.
    expect((await signIn(email, password, randomIp())).status).toBe(200);
  });
});
