import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#server/lib/clock.ts';
import {
  CLIENT_ID,
  errorName,
  randomEmail,
  resetCode,
  sdkFor,
  signUp,
  verificationCode,
} from '#tests/helpers/identity.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// The built-in provider's protocol edges: discovery, OAuth errors, malformed calls, code expiry.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('the built-in provider: discovery and malformed requests', () => {
  it('serves JWKS and OpenID configuration', async () => {
    const config = await app.rest('GET', '/.well-known/openid-configuration');
    expect(config.body).toMatchObject({
      issuer: 'http://squad.test',
      authorization_endpoint: 'http://squad.test/oauth2/authorize',
      token_endpoint: 'http://squad.test/oauth2/token',
      jwks_uri: 'http://squad.test/.well-known/jwks.json',
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('redirects back with an error when Google is not configured', async () => {
    const res = await fetch(
      `${app.baseUrl}/oauth2/authorize?client_id=${CLIENT_ID}&response_type=code&scope=email+openid+profile&redirect_uri=${encodeURIComponent('http://squad.test/googleAuth')}&identity_provider=Google&state=google_signin&code_challenge=abc&code_challenge_method=S256`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://squad.test/googleAuth');
    expect(location.searchParams.get('error')).toBe('unauthorized_client');
    expect(location.searchParams.get('state')).toBe('google_signin');

    const foreign = await fetch(
      `${app.baseUrl}/oauth2/authorize?client_id=${CLIENT_ID}&response_type=code&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
      {
        redirect: 'manual',
      },
    );
    expect(foreign.status).toBe(400);
  });

  it('answers malformed requests like Cognito', async () => {
    const post = (target: string, body: string) =>
      fetch(`${app.baseUrl}/cognito/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
        body,
      });
    const unknown = await post('AWSCognitoIdentityProviderService.AdminDeleteUser', '{}');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).__type).toBe('UnknownOperationException');
    const broken = await post('AWSCognitoIdentityProviderService.SignUp', '{nope');
    expect(broken.status).toBe(400);
    expect((await broken.json()).__type).toBe('SerializationException');
    const missing = await post(
      'AWSCognitoIdentityProviderService.InitiateAuth',
      JSON.stringify({ ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH' }),
    );
    expect(missing.status).toBe(400);
    expect((await missing.json()).__type).toBe('InvalidParameterException');
  });
});

describe('code expiry (controlled clock)', () => {
  const clock = fixedClock(new Date());
  let timed: TestApp;
  beforeAll(async () => {
    timed = await startTestApp({ clock });
  });
  afterAll(() => timed?.close());

  it('expires sign-up codes after 24 h and reset codes after 1 h', async () => {
    const sdk = sdkFor(timed);
    const email = randomEmail('sure');
    await signUp(sdk, email);
    const code = await verificationCode(timed, email);
    clock.advance(24 * 3600_000 + 1000);
    expect(
      await errorName(
        sdk.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: email, ConfirmationCode: code })),
      ),
    ).toBe('ExpiredCodeException');
    await sdk.send(new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username: email }));
    await sdk.send(
      new ConfirmSignUpCommand({
        ClientId: CLIENT_ID,
        Username: email,
        ConfirmationCode: await verificationCode(timed, email),
      }),
    );

    await sdk.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: email }));
    const reset = await resetCode(timed, email);
    clock.advance(3600_000 + 1000);
    expect(
      await errorName(
        sdk.send(
          new ConfirmForgotPasswordCommand({
            ClientId: CLIENT_ID,
            Username: email,
            ConfirmationCode: reset,
            Password: 'Sonraki-1',
          }),
        ),
      ),
    ).toBe('ExpiredCodeException');
  });
});
