import type { RuntimeConfig } from '#client/lib/config.ts';
import type { AuthenticationResult } from '#client/features/auth/cognitoClient.ts';

// Google sign-in through the identity provider's hosted OAuth endpoints: authorization code flow with PKCE.
export const GOOGLE_STATE = 'google_signin';
const VERIFIER_KEY = 'squad.pkce.verifier';

export type GoogleAuthErrorCode = 'missingCode' | 'exchange' | 'authenticate' | 'network';

export class GoogleAuthError extends Error {
  override readonly name = 'GoogleAuthError';
  constructor(
    readonly code: GoogleAuthErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function createVerifier(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(48)));
}

export async function challengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

// The hosted domain may be configured with or without a scheme.
export function oauthBase(domain: string): string {
  const trimmed = domain.replace(/\/+$/, '');
  return /^https?:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export async function buildAuthorizeUrl(config: RuntimeConfig['cognito'], verifier: string): Promise<string> {
  const params = [
    ['client_id', config.clientId],
    ['response_type', 'code'],
    ['scope', config.scopes.join(' ')],
    ['redirect_uri', config.redirectUri],
    ['identity_provider', 'Google'],
    ['state', GOOGLE_STATE],
    ['code_challenge', await challengeFor(verifier)],
    ['code_challenge_method', 'S256'],
  ]
    // Scopes are joined with '+' as Cognito's documentation shows.
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%20/g, '+')}`)
    .join('&');
  return `${oauthBase(config.domain)}/oauth2/authorize?${params}`;
}

export async function startGoogleSignIn(config: RuntimeConfig['cognito']): Promise<void> {
  const verifier = createVerifier();
  sessionStorage.setItem(VERIFIER_KEY, verifier);
  window.location.assign(await buildAuthorizeUrl(config, verifier));
}

type TokenResponse = {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type?: string;
};

// Exchanges an authorization code exactly once per code, even when React StrictMode runs effects twice.
const exchanges = new Map<string, Promise<AuthenticationResult>>();

export function exchangeGoogleCode(
  config: RuntimeConfig['cognito'],
  code: string,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): Promise<AuthenticationResult> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = exchange(config, code, fetchImpl);
    exchanges.set(code, pending);
  }
  return pending;
}

async function oauthErrorOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

// The identity service sends the app back with ?error= when the sign-in did not finish; its
// error_description says which of the spec's cases it was (the text itself is never shown).
export function callbackErrorCode(description: string | null): GoogleAuthErrorCode | 'provider' {
  if (description?.includes('Failed to authenticate')) return 'authenticate';
  if (description?.includes('Failed to exchange code')) return 'exchange';
  return 'provider';
}

async function exchange(
  config: RuntimeConfig['cognito'],
  code: string,
  fetchImpl: typeof fetch,
): Promise<AuthenticationResult> {
  const verifier = sessionStorage.getItem(VERIFIER_KEY);
  sessionStorage.removeItem(VERIFIER_KEY);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: config.clientId,
    code,
    redirect_uri: config.redirectUri,
  });
  if (verifier) body.set('code_verifier', verifier);
  let response: Response;
  try {
    response = await fetchImpl(`${oauthBase(config.domain)}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
  } catch (err) {
    throw new GoogleAuthError('network', err instanceof Error ? err.message : String(err));
  }
  if (!response.ok) {
    // The service answered and refused the code (expired, already used, PKCE mismatch, or no
    // verifier: the sign-in began in another tab): the sign-in failed, the service did not. Other
    // answers (5xx, a missing endpoint, a client it does not know) mean it cannot be reached.
    const refused = response.status === 400 ? await oauthErrorOf(response) : null;
    if (refused === 'invalid_grant' || refused === 'invalid_request')
      throw new GoogleAuthError('authenticate', `Failed to authenticate (${refused})`);
    throw new GoogleAuthError('exchange', `Failed to exchange code (HTTP ${response.status})`);
  }
  let tokens: TokenResponse;
  try {
    tokens = (await response.json()) as TokenResponse;
  } catch {
    throw new GoogleAuthError('exchange', 'Failed to exchange code (invalid response)');
  }
  if (!tokens.access_token || !tokens.id_token)
    throw new GoogleAuthError('exchange', 'Failed to exchange code (no tokens)');
  return {
    AccessToken: tokens.access_token,
    IdToken: tokens.id_token,
    RefreshToken: tokens.refresh_token,
    ExpiresIn: tokens.expires_in,
    TokenType: tokens.token_type ?? 'Bearer',
  };
}
