import type { Database } from '#db/client.ts';
import type { IdpAccountRow } from '#db/schema/index.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { RateLimiter } from '#server/lib/rate-limit.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { cognitoErrors as E } from './cognito-errors.ts';
import { createIdentityRepository, type CodePurpose } from './identity.repository.ts';
import { resetCodeMail, verificationMail } from './mail-templates.ts';
import { keyedHash, maskEmail, newNumericCode, newOpaqueToken, sameHash } from './secrets.ts';
import type { KeyStore } from './signing-keys.ts';
import { ACCESS_TOKEN_TTL_SECONDS, mintAccessToken, mintIdToken } from './tokens.ts';

export const SIGNUP_CODE_TTL_MS = 24 * 3600_000;
export const RESET_CODE_TTL_MS = 3600_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;
export const MAX_CODE_ATTEMPTS = 5;

// Throttling (fixed windows). Wrong passwords count per account and address, so a guesser elsewhere
// cannot lock the owner out; a much higher per-account ceiling stops guessing spread over many
// addresses, and a per-address limit stops one address trying many accounts.
export const LIMITS = {
  signInFailuresPerAccountAndIp: { limit: 5, windowSeconds: 15 * 60 },
  signInFailuresPerAccount: { limit: 100, windowSeconds: 15 * 60 },
  signInFailuresPerIp: { limit: 30, windowSeconds: 15 * 60 },
  codeSendsPerAccount: { limit: 5, windowSeconds: 3600 },
  codeSendsPerIp: { limit: 20, windowSeconds: 3600 },
  codeGuessesPerAccount: { limit: 10, windowSeconds: 3600 },
  codeGuessesPerIp: { limit: 50, windowSeconds: 3600 },
} as const;

export type RequestMeta = { ip: string };
export type AuthenticationResult = {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
};
export type VerifiedAccess = { sub: string; originJti?: string; iat?: number };

export type IdentityDeps = {
  db: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  limiter: RateLimiter;
  keys: KeyStore;
  hashKey: Buffer;
  issuer: string;
  clientId: string;
  publicUrl: string;
  verifyAccessToken: (token: string) => Promise<VerifiedAccess>;
  // Called after sessions of `sub` were revoked (drops cached "still valid" answers).
  onRevoked?: (sub: string) => void;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function normalizeEmail(value: unknown): string {
  const email = str(value)?.trim().toLowerCase();
  if (!email) throw E.invalidParameter('Missing required parameter USERNAME');
  if (!EMAIL.test(email) || email.length > 254) throw E.invalidParameter('Invalid email address format.');
  return email;
}

// What every flow shares: the repository, the code key, throttles, codes and token issuing.
// The counters of wrong passwords for one sign-in attempt.
export function signInFailureKeys(email: string, ip: string) {
  return [
    { key: `signin-fail:acct-ip:${email}:${ip}`, rule: LIMITS.signInFailuresPerAccountAndIp },
    { key: `signin-fail:acct:${email}`, rule: LIMITS.signInFailuresPerAccount },
    { key: `signin-fail:ip:${ip}`, rule: LIMITS.signInFailuresPerIp },
  ] as const;
}

const delivery = (email: string) => ({
  Destination: maskEmail(email),
  DeliveryMedium: 'EMAIL',
  AttributeName: 'email',
});

export function createIdentityCore(deps: IdentityDeps) {
  const repo = createIdentityRepository(deps.db);
  // Codes and refresh tokens are stored as HMACs under a server secret.
  const codeKey = deps.hashKey;
  const now = () => deps.clock.now();

  function checkClient(clientId: unknown) {
    if (clientId !== deps.clientId) throw E.resourceNotFound('User pool client does not exist.');
  }

  async function limit(key: string, rule: { limit: number; windowSeconds: number }) {
    const d = await deps.limiter.hit(key, rule.limit, rule.windowSeconds);
    if (!d.allowed) throw E.limitExceeded(d.retryAfterSeconds);
  }

  // Refuses (LimitExceededException with the wait) when any counter is full; `fail` counts one more.
  const passwordGuard = (email: string, ip: string) => {
    const counters = signInFailureKeys(email, ip);
    return {
      async check() {
        const decisions = await Promise.all(counters.map((c) => deps.limiter.peek(c.key, c.rule.limit)));
        const refused = decisions.filter((d) => !d.allowed);
        if (refused.length > 0) throw E.limitExceeded(Math.max(...refused.map((d) => d.retryAfterSeconds)));
      },
      async fail() {
        await Promise.all(counters.map((c) => deps.limiter.hit(c.key, c.rule.limit, c.rule.windowSeconds)));
      },
      // The right password from this address clears this address's count for the account only.
      succeed: () => deps.limiter.reset(counters[0].key),
    };
  };

  async function sendCode(account: IdpAccountRow, purpose: CodePurpose, meta: RequestMeta) {
    await limit(`code-send:acct:${account.email}`, LIMITS.codeSendsPerAccount);
    await limit(`code-send:ip:${meta.ip}`, LIMITS.codeSendsPerIp);
    const code = newNumericCode();
    const ttl = purpose === 'signup' ? SIGNUP_CODE_TTL_MS : RESET_CODE_TTL_MS;
    await repo.insertCode({
      sub: account.sub,
      purpose,
      codeHash: keyedHash(codeKey, code),
      expiresAt: new Date(now().getTime() + ttl),
    });
    const mail =
      purpose === 'signup'
        ? verificationMail(
            account.email,
            `${deps.publicUrl}/verify?username=${encodeURIComponent(account.email)}&code=${code}`,
          )
        : resetCodeMail(account.email, code);
    await deps.mailer.send(mail);
    return delivery(account.email);
  }

  // An unknown address gets the answer a known one would (PreventUserExistenceErrors), throttled
  // per address so the endpoint cannot be used to probe for accounts.
  async function pretendToSend(email: string, meta: RequestMeta) {
    await limit(`code-send:ip:${meta.ip}`, LIMITS.codeSendsPerIp);
    return { CodeDeliveryDetails: delivery(email) };
  }

  // Checks a code: wrong guesses count; the 5th wrong guess kills it; expired or used codes are dead.
  async function checkCode(
    account: IdpAccountRow | undefined,
    purpose: CodePurpose,
    code: unknown,
    meta: RequestMeta,
  ) {
    const email = account?.email ?? 'unknown';
    await limit(`code-guess:ip:${meta.ip}`, LIMITS.codeGuessesPerIp);
    await limit(`code-guess:acct:${email}`, LIMITS.codeGuessesPerAccount);
    const value = str(code)?.trim();
    if (!value || !/^\d{6}$/.test(value)) throw E.codeMismatch();
    if (!account) throw E.codeMismatch();
    const row = await repo.latestCode(account.sub, purpose);
    if (!row || row.consumedAt || row.failedAttempts >= MAX_CODE_ATTEMPTS || row.expiresAt <= now()) {
      // Cognito answers a missing code for a known user the same way as a wrong one.
      if (!row) throw E.codeMismatch();
      throw E.expiredCode();
    }
    if (!sameHash(row.codeHash, keyedHash(codeKey, value))) {
      const fails = await repo.failCode(row.id);
      throw fails >= MAX_CODE_ATTEMPTS ? E.expiredCode() : E.codeMismatch();
    }
    if (!(await repo.consumeCode(row.id))) throw E.expiredCode();
  }

  async function issueTokens(
    account: IdpAccountRow,
    options: { authTime: Date; withRefresh: boolean; originJti?: string },
  ) {
    let refreshToken: string | undefined;
    let originJti = options.originJti;
    if (options.withRefresh) {
      refreshToken = newOpaqueToken();
      const row = await repo.insertRefreshToken({
        sub: account.sub,
        clientId: deps.clientId,
        tokenHash: keyedHash(codeKey, refreshToken),
        authTime: options.authTime,
        expiresAt: new Date(now().getTime() + REFRESH_TOKEN_TTL_MS),
      });
      originJti = row.id;
    }
    const settings = { issuer: deps.issuer, clientId: deps.clientId, now };
    const who = {
      sub: account.sub,
      username: account.sub,
      email: account.email,
      emailVerified: account.emailVerified === 1,
      name: account.name,
    };
    const result: AuthenticationResult = {
      AccessToken: mintAccessToken(deps.keys, settings, who, { authTime: options.authTime, originJti }),
      IdToken: mintIdToken(deps.keys, settings, who, { authTime: options.authTime, originJti }),
      ExpiresIn: ACCESS_TOKEN_TTL_SECONDS,
      TokenType: 'Bearer',
    };
    if (refreshToken) result.RefreshToken = refreshToken;
    return result;
  }

  async function accountFromAccessToken(token: unknown): Promise<IdpAccountRow> {
    const value = str(token);
    if (!value) throw E.invalidParameter('Missing required parameter AccessToken');
    let claims: VerifiedAccess;
    try {
      claims = await deps.verifyAccessToken(value);
    } catch {
      throw E.notAuthorized('Invalid Access Token');
    }
    const account = await repo.accountBySub(claims.sub);
    if (!account) throw E.notAuthorized('User does not exist.');
    if (await isRevoked(account, claims)) throw E.notAuthorized('Access Token has been revoked');
    return account;
  }

  async function isRevoked(account: IdpAccountRow, claims: VerifiedAccess): Promise<boolean> {
    if (
      account.tokensValidAfter &&
      claims.iat !== undefined &&
      claims.iat * 1000 < account.tokensValidAfter.getTime()
    ) {
      return true;
    }
    if (claims.originJti) {
      const origin = await repo.refreshTokenById(claims.originJti);
      if (origin?.revokedAt) return true;
    }
    return false;
  }

  function userAttributes(account: IdpAccountRow) {
    const attrs = [
      { Name: 'sub', Value: account.sub },
      { Name: 'email', Value: account.email },
      { Name: 'email_verified', Value: account.emailVerified === 1 ? 'true' : 'false' },
    ];
    if (account.name) attrs.push({ Name: 'name', Value: account.name });
    if (account.givenName) attrs.push({ Name: 'given_name', Value: account.givenName });
    if (account.familyName) attrs.push({ Name: 'family_name', Value: account.familyName });
    return attrs;
  }

  return {
    deps,
    repo,
    codeKey,
    now,
    checkClient,
    limit,
    passwordGuard,
    sendCode,
    pretendToSend,
    checkCode,
    issueTokens,
    accountFromAccessToken,
    isRevoked,
    userAttributes,
  };
}

export type IdentityCore = ReturnType<typeof createIdentityCore>;
