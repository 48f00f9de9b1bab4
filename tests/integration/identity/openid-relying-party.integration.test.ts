import net from 'node:net';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle } from '#tests/e2e/fake-google.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Issue 26 point 4 (ADR 066): a relying party built on openid-client signs in through the built-in
// provider as it would through any OpenID provider: discovery, the code flow with PKCE and a nonce
// (the Google hop driven with plain HTTP requests, as a browser follows redirects and posts forms),
// the ID token validated by the library, userinfo, prompt=none and HTTP Basic at the token endpoint.

const PUBLIC_URL = 'http://squad.test';
const REDIRECT_URI = `${PUBLIC_URL}/googleAuth`;
let app: TestApp;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let config: oidc.Configuration;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// PUBLIC_URL's host does not resolve: its requests go to the started server.
const local = (url: string) => url.replace(PUBLIC_URL, app.baseUrl);

beforeAll(async () => {
  google = await startFakeGoogle({ port: await freePort(), redirectUri: `${PUBLIC_URL}/oauth2/idpresponse` });
  app = await startTestApp({
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
    },
  });
  config = await oidc.discovery(new URL(PUBLIC_URL), app.config.cognito.clientId, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
    [oidc.customFetch]: (url, options) => fetch(local(url), options as RequestInit),
  });
});
afterAll(async () => {
  await app?.close();
  await google?.close();
});

// A browser: follows redirects, keeps the fake Google's cookies, signs in and consents on its forms,
// and stops at the relying party's redirect URI (where the app would take over).
async function browse(start: URL, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = start.toString();
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(REDIRECT_URI)) return new URL(url);
    const res = await fetch(local(url), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form,
    });
    form = undefined;
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${url} (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    form = new URLSearchParams({ prompt, ...(prompt === 'login' && { login, password: 'any' }) });
  }
  throw new Error('too many hops');
}

describe('an OpenID relying party (openid-client)', () => {
  it('discovers the provider: endpoints, PKCE S256, public client', () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(PUBLIC_URL);
    expect(meta.authorization_endpoint).toBe(`${PUBLIC_URL}/oauth2/authorize`);
    expect(meta.userinfo_endpoint).toBe(`${PUBLIC_URL}/oauth2/userInfo`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(meta.claims_supported).toContain('nonce');
  });

  it('signs in with the code flow, PKCE and a nonce: the library validates the ID token; userinfo answers', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const authorize = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await browse(authorize, 'Relying');
    expect(callback.searchParams.get('state')).toBe(state);

    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    expect(claims.nonce).toBe(nonce);
    expect(claims.iss).toBe(PUBLIC_URL);
    expect(claims.aud).toBe(app.config.cognito.clientId);
    expect(claims.email).toBe('relying@gmail.test');
    expect(claims.email_verified).toBe(true);
    // Granted differs from requested ('openid email'): the response says what was granted.
    expect(tokens.scope?.split(' ').sort()).toEqual(
      ['aws.cognito.signin.user.admin', 'email', 'openid', 'profile'].sort(),
    );

    // A resource server checks our tokens as the README shows (aws-jwt-verify's JwtRsaVerifier;
    // PUBLIC_URL's JWKS, here at the started server's address, which is plain HTTP: the library's
    // own fetcher wants HTTPS, so this one is given a fetch-based one).
    const clientId = app.config.cognito.clientId;
    const jwksUri = `${app.baseUrl}/.well-known/jwks.json`;
    const jwksCache = new SimpleJwksCache({
      fetcher: { fetch: async (uri: string) => (await fetch(uri)).arrayBuffer() },
    });
    const accessVerifier = JwtRsaVerifier.create(
      {
        issuer: PUBLIC_URL,
        audience: null,
        jwksUri,
        customJwtCheck: ({ payload }) => {
          if (payload.token_use !== 'access' || payload.client_id !== clientId)
            throw new Error('not an access token of this app client');
        },
      },
      { jwksCache },
    );
    expect(await accessVerifier.verify(tokens.access_token)).toMatchObject({ sub: claims.sub });
    await expect(accessVerifier.verify(tokens.id_token!)).rejects.toThrow(/not an access token/);
    const idVerifier = JwtRsaVerifier.create(
      { issuer: PUBLIC_URL, audience: clientId, jwksUri },
      { jwksCache },
    );
    expect(await idVerifier.verify(tokens.id_token!)).toMatchObject({ sub: claims.sub, nonce });

    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: claims.sub, email: 'relying@gmail.test', email_verified: true });
    const byPost = await fetch(`${app.baseUrl}/oauth2/userInfo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect((await byPost.json()).email_verified).toBe(true);

    // The refresh grant answers a fresh ID token that the library validates too.
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.claims()?.sub).toBe(claims.sub);
    expect(refreshed.scope).toBe(tokens.scope);

    // A replayed callback: the code is single-use.
    await expect(
      oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('rejects an answer whose ID token lacks the nonce it sent (a sign-in without one carries none)', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const authorize = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await browse(authorize, 'NoNonce');
    const refused = await oidc
      .authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: oidc.randomNonce(),
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(refused).toBeInstanceOf(Error);
    expect(String((refused as Error).cause)).toMatch(/JWT "nonce" \(nonce\) claim missing/);
  });

  it('prompt=none without a session redirects back with login_required and the state, never a form', async () => {
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      state,
      prompt: 'none',
      nonce: oidc.randomNonce(),
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const res = await fetch(local(url.toString()), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('login_required');
    expect(back.searchParams.get('state')).toBe(state);
    // openid-client reads it as the OAuth error it is.
    await expect(
      oidc.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'login_required' });
  });

  it('HTTP Basic at the token endpoint: 401 invalid_client with WWW-Authenticate, for an unknown client and for ours', async () => {
    const token = (authorization: string) =>
      fetch(`${app.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'x',
          redirect_uri: REDIRECT_URI,
        }),
      });
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    for (const auth of [basic('someone-else', 's3cret'), basic(app.config.cognito.clientId, 'guess')]) {
      const res = await token(auth);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect((await res.json()).error).toBe('invalid_client');
    }
    // openid-client configured for client_secret_basic reads the same refusal.
    const withSecret = await oidc.discovery(
      new URL(PUBLIC_URL),
      'someone-else',
      undefined,
      oidc.ClientSecretBasic('s3cret'),
      {
        execute: [oidc.allowInsecureRequests],
        [oidc.customFetch]: (url, options) => fetch(local(url), options as RequestInit),
      },
    );
    const challenged = await oidc.refreshTokenGrant(withSecret, 'whatever').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(challenged).toBeInstanceOf(oidc.WWWAuthenticateChallengeError);
    expect(challenged).toMatchObject({ status: 401, cause: [{ scheme: 'basic' }] });
    // A public client's unknown client_id in the body stays the 400 the SPA knows.
    const inBody = await fetch(`${app.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'nope', refresh_token: 'x' }),
    });
    expect(inBody.status).toBe(400);
  });
});
