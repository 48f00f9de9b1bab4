import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ID,
  errorName,
  randomEmail,
  sdkFor,
  signedUpUser,
  signIn,
  signUp,
} from '#tests/helpers/identity.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// PREVENT_USER_EXISTENCE_ERRORS (ADR 059), as Cognito's PreventUserExistenceErrors: on by default, an
// unknown address is answered as a known one would be (no account enumeration); off, the five
// operations Cognito names answer UserNotFoundException, which the client shows as the spec's
// "Bu e-mail'le kimse yok squad'da 🤔". Known accounts are answered the same either way.

type Sdk = ReturnType<typeof sdkFor>;
const forgot = (sdk: Sdk, email: string) =>
  sdk.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: email }));
const confirmForgot = (sdk: Sdk, email: string) =>
  sdk.send(
    new ConfirmForgotPasswordCommand({
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: '123456',
      Password: 'Yeni-Sifre-9',
    }),
  );
const resend = (sdk: Sdk, email: string) =>
  sdk.send(new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username: email }));
const confirmSignUp = (sdk: Sdk, email: string) =>
  sdk.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: email, ConfirmationCode: '123456' }));

describe.each([
  ['default (on)', {}, false],
  ['PREVENT_USER_EXISTENCE_ERRORS=1', { PREVENT_USER_EXISTENCE_ERRORS: '1' }, false],
  ['PREVENT_USER_EXISTENCE_ERRORS=0', { PREVENT_USER_EXISTENCE_ERRORS: '0' }, true],
])('unknown e-mail addresses, %s', (_name, env, reveals) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env });
  });
  afterAll(() => app?.close());

  it(reveals ? 'are told they have no account' : 'look like known ones', async () => {
    const sdk = sdkFor(app);
    const nobody = randomEmail('yok');

    expect(await errorName(signIn(sdk, nobody, 'gizli-sifre-1'))).toBe(
      reveals ? 'UserNotFoundException' : 'NotAuthorizedException',
    );
    if (reveals) {
      await expect(forgot(sdk, nobody)).rejects.toMatchObject({
        name: 'UserNotFoundException',
        message: 'User does not exist.',
      });
      expect(await errorName(resend(sdk, nobody))).toBe('UserNotFoundException');
    } else {
      expect((await forgot(sdk, nobody)).CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
      expect((await resend(sdk, nobody)).CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    }
    const codeAnswer = reveals ? 'UserNotFoundException' : 'CodeMismatchException';
    expect(await errorName(confirmForgot(sdk, nobody))).toBe(codeAnswer);
    expect(await errorName(confirmSignUp(sdk, nobody))).toBe(codeAnswer);
  });

  it('counts code guesses for an unknown address under that address only', async () => {
    const sdk = sdkFor(app);
    const first = randomEmail('yok');
    const wrongCode = reveals ? 'UserNotFoundException' : 'CodeMismatchException';
    for (let i = 0; i < 10; i++) expect(await errorName(confirmForgot(sdk, first))).toBe(wrongCode);
    // The address's own ten per hour are used up, as a known account's would be ...
    expect(await errorName(confirmForgot(sdk, first))).toBe('LimitExceededException');
    // ... but another unknown address is not held with it (it was: one counter for every unknown
    // address, so LimitExceeded told unknown addresses from known ones).
    expect(await errorName(confirmSignUp(sdkFor(app), randomEmail('yok')))).toBe(wrongCode);
  });

  it('answers known accounts the same either way', async () => {
    const { sdk, email, tokens } = await signedUpUser(app);
    expect(await errorName(signIn(sdk, email, 'yanlis-sifre'))).toBe('NotAuthorizedException');
    expect((await forgot(sdk, email)).CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    expect(await errorName(confirmForgot(sdk, email))).toBe('CodeMismatchException');
    const refreshed = await sdk.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
      }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
    const unconfirmed = randomEmail('bekleyen');
    await signUp(sdk, unconfirmed);
    expect(await errorName(confirmSignUp(sdk, unconfirmed))).toBe('CodeMismatchException');
  });
});
