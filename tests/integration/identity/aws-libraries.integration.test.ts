import {
  ChangePasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { confirmSignUp, fetchAuthSession, getCurrentUser, signIn, signOut, signUp } from 'aws-amplify/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { idpAccounts } from '#db/schema/index.ts';
import {
  configureAmplify,
  failure,
  libConfirm,
  libGlobalSignOut,
  libRefresh,
  libSignIn,
  libSignUp,
  userPool,
  watchCognito,
} from '#tests/helpers/aws-clients.ts';
import {
  CLIENT_ID,
  errorName,
  randomEmail,
  randomIp,
  sdkFor,
  signIn as passwordSignIn,
  signedUpUser,
  verificationCode,
} from '#tests/helpers/identity.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Issue 26 (points 1, 2, 7): AWS's own sign-in libraries, unchanged, against the built-in provider.
// Access tokens live 5 minutes here (Cognito's shortest); the app and the libraries share this
// process's Date, which a test moves past a token's expiry instead of waiting for it.
let app: TestApp;
let net: ReturnType<typeof watchCognito>;
beforeAll(async () => {
  // Before the app starts: what it keeps of Date.now (its verified-token memo) is the moved one.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  app = await startTestApp({ env: { ACCESS_TOKEN_VALIDITY_SECONDS: '300' } });
  net = watchCognito(app);
  configureAmplify(app);
});
afterAll(async () => {
  vi.useRealTimers();
  net?.restore();
  await app?.close();
});
beforeEach(() => net.from(randomIp()));

const WRONG = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
const LOCKED = { name: 'NotAuthorizedException', message: 'Password attempts exceeded' };

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

// Moves the clock (the server's and the libraries') a second past the token's expiry.
function pastExpiry(jwt: string) {
  expect(Number(claims(jwt).exp) - Number(claims(jwt).iat)).toBe(300);
  vi.setSystemTime(Number(claims(jwt).exp) * 1000 + 1000);
}

const userOf = (token: string) => sdkFor(app).send(new GetUserCommand({ AccessToken: token }));

async function raw(operation: string, body: unknown) {
  const res = await fetch(`${app.baseUrl}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('amazon-cognito-identity-js', () => {
  it('signs up, confirms, signs in by SRP, refreshes an expired session and signs out everywhere', async () => {
    const pool = userPool(app);
    const email = randomEmail('srp');
    const password = 'gizli-şifre-9';
    const sub = await libSignUp(pool, email, password);
    await libConfirm(pool, email, await verificationCode(app, email));

    const { user, session } = await libSignIn(pool, email, password);
    const srp = net.calls.filter((c) => c.operation === 'InitiateAuth').at(-1)!;
    expect(srp.body.AuthFlow).toBe('USER_SRP_AUTH');
    expect(net.operations().at(-1)).toBe('RespondToAuthChallenge');
    expect(session.getIdToken().payload).toMatchObject({ sub, email, email_verified: true });
    const token = session.getAccessToken().getJwtToken();
    expect((await userOf(token)).Username).toBe(sub);
    expect(await failure(libSignIn(pool, email, 'gizli-sifre-9'))).toEqual(WRONG);

    pastExpiry(token);
    expect(await errorName(userOf(token))).toBe('NotAuthorizedException');
    const fresh = await libRefresh(user, session);
    const freshToken = fresh.getAccessToken().getJwtToken();
    expect(freshToken).not.toBe(token);
    expect((await userOf(freshToken)).Username).toBe(sub);

    await libGlobalSignOut(user);
    expect((await failure(libRefresh(user, fresh))).name).toBe('NotAuthorizedException');
  }, 60_000);

  it('answers the challenge for an unknown address like any other, and refuses its proof', async () => {
    const email = randomEmail('yok');
    const ask = () =>
      raw('InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: email, SRP_A: 'abcdef0123456789' },
      });
    const [one, two] = [await ask(), await ask()];
    expect(one.status).toBe(200);
    expect(one.body.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(one.body.ChallengeParameters.USER_ID_FOR_SRP).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    // The same address gets the same salt and user id each time (a known one does too).
    expect(two.body.ChallengeParameters.SALT).toBe(one.body.ChallengeParameters.SALT);
    expect(two.body.ChallengeParameters.USER_ID_FOR_SRP).toBe(one.body.ChallengeParameters.USER_ID_FOR_SRP);
    expect(two.body.ChallengeParameters.SRP_B).not.toBe(one.body.ChallengeParameters.SRP_B);
    expect(await failure(libSignIn(userPool(app), email, 'herhangi-bir-sifre'))).toEqual(WRONG);
    // A zero A is refused.
    const zero = await raw('InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: email, SRP_A: '00' },
    });
    expect(zero.body.__type).toBe('InvalidParameterException');
  });

  it('takes each proof once, and follows a change of password', async () => {
    const { email, password, sdk, tokens } = await signedUpUser(app);
    const pool = userPool(app);
    await libSignIn(pool, email, password);
    const answer = net.calls.filter((c) => c.operation === 'RespondToAuthChallenge').at(-1)!;
    const replay = await raw('RespondToAuthChallenge', answer.body);
    expect(replay).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    expect(replay.body.AuthenticationResult).toBeUndefined();

    await sdk.send(
      new ChangePasswordCommand({
        AccessToken: tokens.AccessToken,
        PreviousPassword: password,
        ProposedPassword: 'yepyeni-sifre-7',
      }),
    );
    expect(await failure(libSignIn(pool, email, password))).toEqual(WRONG);
    const { session } = await libSignIn(pool, email, 'yepyeni-sifre-7');
    expect(session.isValid()).toBe(true);
  });
});

describe('wrong passwords through SRP (ADR 053, issue 26.7)', () => {
  it('count toward the same lockout as USER_PASSWORD_AUTH, which answers as AWS does', async () => {
    const { email, password } = await signedUpUser(app);
    const pool = userPool(app);
    const ip = randomIp();
    net.from(ip);
    for (let i = 0; i < 5; i++) expect(await failure(libSignIn(pool, email, `yanlis-${i}`))).toEqual(WRONG);
    expect(await failure(libSignIn(pool, email, password))).toEqual(LOCKED);
    // The same counters hold the password flow from this address…
    const locked = await passwordSignIn(sdkFor(app, ip), email, password).catch((err: Error) => err);
    expect(locked).toMatchObject(LOCKED);
    // …and the owner elsewhere gets in.
    net.from(randomIp());
    expect((await libSignIn(pool, email, password)).session.isValid()).toBe(true);
  });

  it('an account older than SRP signs in by password once, and by SRP from then on', async () => {
    const { email, password } = await signedUpUser(app);
    const db = app.database.db;
    await db
      .update(idpAccounts)
      .set({ srpSalt: null, srpVerifier: null })
      .where(eq(idpAccounts.email, email));
    const pool = userPool(app);
    expect(await failure(libSignIn(pool, email, password))).toEqual(WRONG);

    await passwordSignIn(sdkFor(app), email, password);
    const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
    expect(row.srpVerifier).toMatch(/^[0-9a-f]+$/);
    expect((await libSignIn(pool, email, password)).session.isValid()).toBe(true);
  });
});

describe('aws-amplify v6', () => {
  it('signs up, confirms, signs in by SRP, refreshes with GetTokensFromRefreshToken and signs out', async () => {
    const email = randomEmail('amplify');
    const password = 'amplify-sifre-1';
    const up = await signUp({ username: email, password, options: { userAttributes: { email } } });
    expect(up.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    await confirmSignUp({ username: email, confirmationCode: await verificationCode(app, email) });

    const result = await signIn({ username: email, password });
    expect(result).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const flows = net.calls.filter((c) => c.operation === 'InitiateAuth').map((c) => c.body.AuthFlow);
    expect(flows.at(-1)).toBe('USER_SRP_AUTH');
    expect((await getCurrentUser()).userId).toBe(up.userId);

    const first = await fetchAuthSession();
    const token = first.tokens!.accessToken.toString();
    expect(first.tokens!.idToken!.payload.email).toBe(email);
    pastExpiry(token);
    const before = net.calls.length;
    const later = await fetchAuthSession();
    const refreshCall = net.calls.slice(before).find((c) => c.operation === 'GetTokensFromRefreshToken');
    expect(refreshCall).toBeDefined();
    const fresh = later.tokens!.accessToken.toString();
    expect(fresh).not.toBe(token);
    expect((await userOf(fresh)).Username).toBe(up.userId);

    await signOut({ global: true });
    expect(net.operations()).toContain('GlobalSignOut');
    expect((await fetchAuthSession()).tokens).toBeUndefined();
    const dead = sdkFor(app).send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: CLIENT_ID,
        RefreshToken: refreshCall!.body.RefreshToken as string,
      }),
    );
    expect(await errorName(dead)).toBe('NotAuthorizedException');
  }, 60_000);

  it('refuses an unknown refresh token and an unknown client', async () => {
    const sdk = sdkFor(app);
    const refresh = (ClientId: string) =>
      sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: 'nope' }));
    expect(await errorName(refresh(CLIENT_ID))).toBe('NotAuthorizedException');
    expect(await errorName(refresh('someone-else'))).toBe('ResourceNotFoundException');
  });
});
