import crypto from 'node:crypto';
import express, { type Request, type Response, Router } from 'express';
import * as oidc from 'openid-client';
import type { Clock } from '#server/lib/clock.ts';
import type { Logger } from '#server/lib/logger.ts';
import { CognitoError } from './cognito-errors.ts';
import type { IdentityService } from './identity.service.ts';
import { keyedHash, newOpaqueToken, pkceChallenge } from './secrets.ts';
import { ACCESS_TOKEN_SCOPE } from './tokens.ts';

export type OauthSettings = {
  publicUrl: string;
  issuer: string;
  clientId: string;
  // Redirect URIs the app client may use (the SPA's /googleAuth on every origin it is served from).
  redirectUris: string[];
  google: { clientId?: string; clientSecret?: string; issuer: string };
};

const TX_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 5 * 60_000;

function redirectWith(res: Response, uri: string, params: Record<string, string | undefined | null>) {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  res.redirect(302, url.toString());
}

function oauthError(res: Response, status: number, error: string, description: string) {
  res.status(status).setHeader('Cache-Control', 'no-store').json({ error, error_description: description });
}

// HTTP Basic client credentials (RFC 6749 2.3.1: each part form-urlencoded), or undefined without.
function basicCredentials(req: Request): { id: string; secret: string } | undefined {
  const encoded = /^Basic\s+(\S+)$/i.exec(req.header('authorization') ?? '')?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const part = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  return colon < 0
    ? { id: part(decoded), secret: '' }
    : { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
}

// An OpenID nonce is echoed in the ID token; a sane size keeps the row and the token small.
const MAX_NONCE_LENGTH = 512;

// The hosted-UI part of the built-in provider: /oauth2/authorize hands over to Google (OpenID Connect
// through openid-client), /oauth2/idpresponse comes back from Google, links or creates the account by
// verified e-mail and redirects to the app with our own code; /oauth2/token, /revoke and /userInfo
// finish the code flow (PKCE S256) as Cognito's endpoints do.
export function oauthRouter(
  identity: IdentityService,
  settings: OauthSettings,
  clock: Clock,
  logger: Logger,
): Router {
  const router = Router();
  let google: Promise<oidc.Configuration> | undefined;
  const googleConfigured = Boolean(settings.google.clientId && settings.google.clientSecret);
  const googleConfig = () => {
    google ??= oidc
      .discovery(
        new URL(settings.google.issuer),
        settings.google.clientId!,
        settings.google.clientSecret,
        undefined,
        {
          execute: settings.google.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((err) => {
        google = undefined;
        throw err;
      });
    return google;
  };
  const callbackUrl = `${settings.publicUrl}/oauth2/idpresponse`;

  router.get('/authorize', async (req: Request, res: Response) => {
    const q = req.query as Record<string, string | undefined>;
    if (q.client_id !== settings.clientId)
      return oauthError(res, 400, 'invalid_client', 'Unknown client_id.');
    if (!q.redirect_uri || !settings.redirectUris.includes(q.redirect_uri)) {
      return oauthError(res, 400, 'invalid_request', 'redirect_uri is not registered for this client.');
    }
    const back = (error: string, description: string) =>
      redirectWith(res, q.redirect_uri!, { error, error_description: description, state: q.state });
    if (q.response_type !== 'code')
      return back('unsupported_response_type', 'Only the code flow is supported.');
    // The provider keeps no sign-in session of its own (each sign-in is a Google hop), so it can
    // never sign in without showing something: prompt=none always answers login_required.
    const prompts = (q.prompt ?? '').split(' ').filter(Boolean);
    if (prompts.includes('none'))
      return prompts.length > 1
        ? back('invalid_request', 'prompt=none cannot be combined with other prompts.')
        : back('login_required', 'The user must sign in.');
    if (!q.code_challenge || q.code_challenge_method !== 'S256')
      return back('invalid_request', 'PKCE with S256 is required.');
    if (q.nonce !== undefined && (typeof q.nonce !== 'string' || q.nonce.length > MAX_NONCE_LENGTH))
      return back('invalid_request', `nonce must be a string of at most ${MAX_NONCE_LENGTH} characters.`);
    if (q.identity_provider && q.identity_provider !== 'Google')
      return back('invalid_request', 'Unknown identity_provider.');
    if (!googleConfigured)
      return back('unauthorized_client', 'Google sign-in is not configured on this server.');
    try {
      const config = await googleConfig();
      const verifier = oidc.randomPKCECodeVerifier();
      const upstreamState = oidc.randomState();
      const nonce = oidc.randomNonce();
      await identity.repo.insertOauthRequest({
        clientId: q.client_id,
        redirectUri: q.redirect_uri,
        clientState: q.state ?? null,
        clientNonce: q.nonce || null,
        scope: q.scope ?? 'openid email profile',
        codeChallenge: q.code_challenge,
        upstreamState,
        upstreamNonce: nonce,
        upstreamVerifier: verifier,
        expiresAt: new Date(clock.now().getTime() + TX_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: 'openid email profile',
        state: upstreamState,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        // Google lets the user pick an account; other OpenID providers may not know this prompt.
        ...(new URL(settings.google.issuer).hostname === 'accounts.google.com' && {
          prompt: 'select_account',
        }),
      });
      res.redirect(302, url.toString());
    } catch (err) {
      logger.error({ err }, 'Google discovery failed');
      back('temporarily_unavailable', 'Failed to reach Google.');
    }
  });

  router.get('/idpresponse', async (req: Request, res: Response) => {
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const tx = state ? await identity.repo.takeOauthRequest(state, clock.now()) : undefined;
    if (!tx)
      return oauthError(res, 400, 'invalid_request', 'Unknown or expired sign-in attempt; start again.');
    const back = (params: Record<string, string>) =>
      redirectWith(res, tx.redirectUri, { ...params, state: tx.clientState });
    if (typeof req.query.error === 'string')
      return back({ error: 'access_denied', error_description: req.query.error });
    try {
      const config = await googleConfig();
      const current = new URL(req.originalUrl, settings.publicUrl);
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: tx.upstreamVerifier,
        expectedState: tx.upstreamState,
        expectedNonce: tx.upstreamNonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (typeof claims?.email !== 'string' || !claims.email || claims.email_verified !== true) {
        return back({
          error: 'access_denied',
          error_description: 'Failed to authenticate: Google account e-mail is not verified.',
        });
      }
      const email = claims.email.toLowerCase();
      let account =
        (await identity.repo.accountByGoogleSub(claims.sub)) ?? (await identity.repo.accountByEmail(email));
      if (!account) {
        account = await identity.repo.insertAccount({
          email,
          status: 'EXTERNAL_PROVIDER',
          emailVerified: 1,
          googleSub: claims.sub,
          name: typeof claims.name === 'string' ? claims.name : null,
          givenName: typeof claims.given_name === 'string' ? claims.given_name : null,
          familyName: typeof claims.family_name === 'string' ? claims.family_name : null,
        });
        account ??= await identity.repo.accountByEmail(email);
      } else if (!account.googleSub || account.status === 'UNCONFIRMED') {
        // Google vouches for the e-mail: link the accounts and confirm the address.
        await identity.repo.updateAccount(account.sub, {
          googleSub: claims.sub,
          emailVerified: 1,
          status: account.status === 'UNCONFIRMED' ? 'CONFIRMED' : account.status,
        });
      }
      const code = newOpaqueToken(32);
      await identity.repo.insertAuthorizationCode({
        codeHash: keyedHash(identity.codeKey(), code),
        sub: account!.sub,
        clientId: tx.clientId,
        redirectUri: tx.redirectUri,
        scope: tx.scope,
        clientNonce: tx.clientNonce,
        codeChallenge: tx.codeChallenge,
        authTime: clock.now(),
        expiresAt: new Date(clock.now().getTime() + CODE_TTL_MS),
      });
      back({ code });
    } catch (err) {
      logger.warn({ err }, 'Google sign-in failed');
      // Google answered and refused the code (expired, used, revoked): the sign-in failed, the
      // service did not; the app shows its 'Failed to authenticate' text. Anything else (no answer,
      // a 5xx) is the service being unreachable.
      if (err instanceof oidc.ResponseBodyError && err.error === 'invalid_grant') {
        return back({
          error: 'access_denied',
          error_description: 'Failed to authenticate: Google refused the authorization code.',
        });
      }
      back({ error: 'server_error', error_description: 'Failed to exchange code with Google.' });
    }
  });

  const form = express.urlencoded({ extended: false, limit: '16kb' });

  router.post('/token', form, async (req: Request, res: Response) => {
    const b = (req.body ?? {}) as Record<string, string | undefined>;
    res.setHeader('Cache-Control', 'no-store');
    // The app client is public (no secret, token_endpoint_auth_method none). A client that
    // authenticates with HTTP Basic anyway fails client authentication: 401 with the scheme it
    // used (RFC 6749 5.2), an unknown client as much as one with a secret it does not have.
    const basic = basicCredentials(req);
    if (basic) {
      res.setHeader('WWW-Authenticate', 'Basic realm="oauth2", charset="UTF-8"');
      return oauthError(
        res,
        401,
        'invalid_client',
        basic.id === settings.clientId
          ? 'Client authentication failed: this client has no secret; send client_id in the body.'
          : 'Client authentication failed: unknown client.',
      );
    }
    if (b.client_id !== settings.clientId)
      return oauthError(res, 400, 'invalid_client', 'Unknown client_id.');
    try {
      if (b.grant_type === 'authorization_code') {
        if (!b.code || !b.code_verifier || !b.redirect_uri)
          return oauthError(
            res,
            400,
            'invalid_request',
            'code, code_verifier and redirect_uri are required.',
          );
        const row = await identity.repo.consumeAuthorizationCode(
          keyedHash(identity.codeKey(), b.code),
          clock.now(),
        );
        if (!row || row.clientId !== b.client_id || row.redirectUri !== b.redirect_uri) {
          return oauthError(res, 400, 'invalid_grant', 'The code is invalid, expired or already used.');
        }
        const expected = Buffer.from(row.codeChallenge);
        const actual = Buffer.from(pkceChallenge(b.code_verifier));
        if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
          return oauthError(res, 400, 'invalid_grant', 'PKCE verification failed.');
        }
        const account = await identity.repo.accountBySub(row.sub);
        if (!account) return oauthError(res, 400, 'invalid_grant', 'User does not exist.');
        const t = await identity.issueTokens(account, {
          authTime: row.authTime,
          withRefresh: true,
          nonce: row.clientNonce ?? undefined,
        });
        return res.json({
          access_token: t.AccessToken,
          id_token: t.IdToken,
          refresh_token: t.RefreshToken,
          expires_in: t.ExpiresIn,
          token_type: 'Bearer',
          // What the access token grants, whatever was asked for (RFC 6749 5.1).
          scope: ACCESS_TOKEN_SCOPE,
        });
      }
      if (b.grant_type === 'refresh_token') {
        const result = (await identity.InitiateAuth(
          {
            ClientId: b.client_id,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: b.refresh_token },
          },
          { ip: req.ip ?? 'unknown' },
        )) as { AuthenticationResult: { AccessToken: string; IdToken: string; ExpiresIn: number } };
        const t = result.AuthenticationResult;
        return res.json({
          access_token: t.AccessToken,
          id_token: t.IdToken,
          expires_in: t.ExpiresIn,
          token_type: 'Bearer',
          scope: ACCESS_TOKEN_SCOPE,
        });
      }
      return oauthError(res, 400, 'unsupported_grant_type', 'Use authorization_code or refresh_token.');
    } catch (err) {
      if (err instanceof CognitoError) return oauthError(res, 400, 'invalid_grant', err.message);
      logger.error({ err }, 'token endpoint failed');
      return oauthError(res, 500, 'server_error', 'Internal error.');
    }
  });

  router.post('/revoke', form, async (req: Request, res: Response) => {
    const b = (req.body ?? {}) as Record<string, string | undefined>;
    try {
      await identity.RevokeToken({ ClientId: b.client_id, Token: b.token });
      res.status(200).end();
    } catch (err) {
      if (err instanceof CognitoError)
        return oauthError(
          res,
          400,
          err.type === 'UnsupportedTokenTypeException' ? 'unsupported_token_type' : 'invalid_request',
          err.message,
        );
      res.status(500).end();
    }
  });

  // OIDC Core 5.3: GET and POST, email_verified a boolean.
  const userInfo = async (req: Request, res: Response) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.header('authorization') ?? '')?.[1];
    try {
      const account = await identity.accountFromAccessToken(token);
      res.json({
        sub: account.sub,
        email: account.email,
        email_verified: account.emailVerified === 1,
        ...(account.name && { name: account.name }),
        username: account.sub,
      });
    } catch {
      res
        .status(401)
        .setHeader('WWW-Authenticate', 'Bearer error="invalid_token"')
        .json({ error: 'invalid_token' });
    }
  };
  router.get('/userInfo', userInfo);
  router.post('/userInfo', userInfo);

  return router;
}

export function openIdConfiguration(settings: OauthSettings) {
  const base = settings.publicUrl;
  return {
    issuer: settings.issuer,
    authorization_endpoint: `${base}/oauth2/authorize`,
    token_endpoint: `${base}/oauth2/token`,
    revocation_endpoint: `${base}/oauth2/revoke`,
    userinfo_endpoint: `${base}/oauth2/userInfo`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
    // One public app client: no secret, so no client authentication at the token endpoint.
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    claims_supported: [
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'email',
      'email_verified',
      'name',
      'cognito:username',
    ],
  };
}
