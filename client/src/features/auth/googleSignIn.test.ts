import { describe, expect, it } from 'vitest';
import { callbackErrorCode, exchangeGoogleCode, GoogleAuthError } from './googleSignIn.ts';

const config = {
  domain: 'http://id.example',
  clientId: 'squad-web',
  redirectUri: 'http://app.example/googleAuth',
  scopes: ['openid'],
} as Parameters<typeof exchangeGoogleCode>[0];

globalThis.sessionStorage ??= {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
} as unknown as Storage;

const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failure(code: string, fetchImpl: typeof fetch): Promise<GoogleAuthError> {
  const error: unknown = await exchangeGoogleCode(config, code, fetchImpl).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GoogleAuthError);
  return error as GoogleAuthError;
}

describe('Google code exchange', () => {
  it('a refused code is the spec’s failed authentication, not an unreachable service', async () => {
    const refused = await failure(
      'used-code',
      answer(400, {
        error: 'invalid_grant',
        error_description: 'The code is invalid, expired or already used.',
      }),
    );
    expect(refused.code).toBe('authenticate');
    expect(refused.message).toContain('Failed to authenticate');

    // No verifier sent (the sign-in began in another tab): also the sign-in that failed.
    const elsewhere = await failure('code-1', answer(400, { error: 'invalid_request' }));
    expect(elsewhere.code).toBe('authenticate');

    const down = await failure('code-2', answer(503, { error: 'server_error' }));
    expect(down.code).toBe('exchange');
    const misconfigured = await failure('code-3', answer(400, { error: 'invalid_client' }));
    expect(misconfigured.code).toBe('exchange');
  });

  it('reads which case the identity service reported on the callback', () => {
    expect(callbackErrorCode('Failed to authenticate: Google refused the authorization code.')).toBe(
      'authenticate',
    );
    expect(callbackErrorCode('Failed to exchange code with Google.')).toBe('exchange');
    expect(callbackErrorCode('access_denied')).toBe('provider');
    expect(callbackErrorCode(null)).toBe('provider');
  });
});
