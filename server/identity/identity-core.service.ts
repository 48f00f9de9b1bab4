import type { Database } from '#db/client.ts';
import type { IdpAccountRow } from '#db/schema/index.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Locale } from '#server/lib/i18n.ts';
import { mailLocale } from '#server/lib/i18n.mail.ts';
import type { Logger } from '#server/lib/logger.ts';
import { clientAddressKey } from '#server/lib/client-address.ts';
import type { RateLimiter, RateRule } from '#server/lib/rate-limit.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { cognitoErrors as E } from './cognito-errors.ts';
import { createIdentityRepository, type CodePurpose } from './identity.repository.ts';
import { resetCodeMail, verificationMail } from './mail-templates.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { deriveVerifier, poolName } from './srp.ts';
import { keyedHash, maskEmail, newNumericCode, newOpaqueToken, sameHash } from './secrets.ts';
import type { KeyStore } from './signing-keys.ts';
import { ACCESS_TOKEN_TTL_SECONDS, mintAccessToken, mintIdToken } from './tokens.ts';

export const SIGNUP_CODE_TTL_MS = 24 * 3600_000;
export const RESET_CODE_TTL_MS = 3600_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;
export const MAX_CODE_ATTEMPTS = 5;

// Throttling (fixed windows, ADR 032 and 053). Wrong passwords count per account and address, so a
// guesser elsewhere cannot lock the owner out; a much higher per-account ceiling stops guessing spread
// over many addresses, and a per-address limit stops one address trying many accounts. An address is
// an IPv4 address or an IPv6 /64. A device that signed in before (its device token) counts on its own
// and is not held by the others: the owner gets in while the account is under attack.
export const LIMITS = {
  signInFailuresPerAccountAndIp: { limit: 5, windowSeconds: 15 * 60 },
  signInFailuresPerAccount: { limit: 100, windowSeconds: 15 * 60 },
  signInFailuresPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signInFailuresPerDevice: { limit: 5, windowSeconds: 15 * 60 },
  codeSendsPerAccount: { limit: 5, windowSeconds: 3600 },
  codeSendsPerIp: { limit: 20, windowSeconds: 3600 },
  codeGuessesPerAccount: { limit: 10, windowSeconds: 3600 },
  codeGuessesPerIp: { limit: 50, windowSeconds: 3600 },
} as const;

// A device token lives this long after the device's last successful sign-in.
export const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 3600;

export type RequestMeta = {
  ip: string;
  // Device tokens the client sent (the cookies earlier successful sign-ins left on this device).
  deviceTokens?: readonly string[];
  // Hands the client a device token for an account; `tag` tells the accounts of one device apart.
  rememberDevice?: (tag: string, token: string) => void;
  // The language the client asked for (Accept-Language); mails go out in it until the account has
  // a language of its own (ADR 057).
  locale?: Locale;
};
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
  // "<region>_<name>": the name is part of every SRP verifier and proof (ADR 065).
  userPoolId: string;
  // Access and ID token lifetime (default an hour).
  accessTokenTtlSeconds?: number;
  publicUrl: string;
  verifyAccessToken: (token: string) => Promise<VerifiedAccess>;
  // Called after sessions of `sub` were revoked (drops cached "still valid" answers).
  onRevoked?: (sub: string) => void;
  // Called when a request of the user's own ended sessions (sign-out, revocation, new password,
  // deletion), so every instance closes their sockets (ADR 067): `session` only that sign-in,
  // `except` all but that one, neither all.
  onSessionsEnded?: (sub: string, which: { session?: string; except?: string }) => void;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function normalizeEmail(value: unknown): string {
  const email = str(value)?.trim().toLowerCase();
  if (!email) throw E.invalidParameter('Missing required parameter USERNAME');
  if (!EMAIL.test(email) || email.length > 254) throw E.invalidParameter('Invalid email address format.');
  return email;
}

// The counters one password check reserves on, the first being the one a right password clears: from
// a known device only the device's own; otherwise the account on this address, the account, and the
// address.
export function signInFailureRules(email: string, ip: string, deviceId?: string): RateRule[] {
  if (deviceId) return [{ key: `signin-fail:device:${deviceId}`, ...LIMITS.signInFailuresPerDevice }];
  const address = clientAddressKey(ip);
  return [
    { key: `signin-fail:acct-ip:${email}:${address}`, ...LIMITS.signInFailuresPerAccountAndIp },
    { key: `signin-fail:acct:${email}`, ...LIMITS.signInFailuresPerAccount },
    { key: `signin-fail:ip:${address}`, ...LIMITS.signInFailuresPerIp },
  ];
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

  // Counts one attempt on every counter at once, or refuses (LimitExceededException with the wait)
  // without counting when one is full.
  async function limit(...rules: RateRule[]) {
    const d = await deps.limiter.reserve(rules);
    if (!d.allowed) throw E.limitExceeded(d.retryAfterSeconds);
  }

  // Device tokens: "<id>.<issued, unix seconds>.<HMAC over the account, id and time>", bound to one
  // account; they prove only that this device signed in to it before, never who is asking.
  const deviceTag = (sub: string) => keyedHash(codeKey, `device-tag:${sub}`).slice(0, 12);
  const deviceSignature = (sub: string, body: string) => keyedHash(codeKey, `device:${sub}:${body}`);

  function knownDevice(account: IdpAccountRow | undefined, meta: RequestMeta): string | undefined {
    if (!account) return undefined;
    for (const token of meta.deviceTokens?.slice(0, 20) ?? []) {
      const [id, issued, signature, extra] = token.split('.');
      if (!id || !issued || !signature || extra !== undefined) continue;
      if (!sameHash(signature, deviceSignature(account.sub, `${id}.${issued}`))) continue;
      if ((Number(issued) + DEVICE_TOKEN_TTL_SECONDS) * 1000 <= now().getTime()) continue;
      // "Sign out everywhere" ends a device's standing too.
      if (account.tokensValidAfter && Number(issued) * 1000 < account.tokensValidAfter.getTime()) continue;
      return id;
    }
    return undefined;
  }

  // After a successful sign-in (or a proven mailbox): this device is known to the account from now on;
  // a device already known keeps its id and gets a fresh expiry.
  function rememberDevice(account: IdpAccountRow, meta: RequestMeta) {
    if (!meta.rememberDevice) return;
    const id = knownDevice(account, meta) ?? newOpaqueToken(16);
    const body = `${id}.${Math.floor(now().getTime() / 1000)}`;
    meta.rememberDevice(deviceTag(account.sub), `${body}.${deviceSignature(account.sub, body)}`);
  }

  // The counters of one password check, reserved before the check runs, so parallel guesses can never
  // pass more than a counter's limit into argon2. A wrong password keeps its reservation (that is the
  // failure count); a right one gives the shared counters theirs back and clears its own address's (or
  // device's) count for the account; a check that could not run gives everything back.
  const passwordGuard = (email: string, meta: RequestMeta, deviceId?: string) => {
    const rules = signInFailureRules(email, meta.ip, deviceId);
    return {
      async reserve(lockedOut: (retryAfterSeconds: number) => Error = E.limitExceeded) {
        const d = await deps.limiter.reserve(rules);
        if (!d.allowed) throw lockedOut(d.retryAfterSeconds);
        return {
          async succeed() {
            await deps.limiter.release(rules.slice(1).map((r) => r.key));
            await deps.limiter.reset(rules[0].key);
          },
          release: () => deps.limiter.release(rules.map((r) => r.key)),
        };
      },
      clear: () => deps.limiter.reset(rules[0].key),
    };
  };

  // Every check of an account's secret goes through here (password sign-in, change of password, the
  // password asked before a deletion, and an SRP proof): `verify` runs only with a reservation held,
  // and a false answer is NotAuthorizedException. `account` is undefined for an unknown user (verify
  // still spends the same time). A full counter answers `lockedOut`: LimitExceededException unless
  // the operation says otherwise (sign-ins answer as Cognito does, "Password attempts exceeded").
  async function checkSecret(
    email: string,
    account: IdpAccountRow | undefined,
    meta: RequestMeta,
    verify: () => Promise<boolean>,
    lockedOut?: (retryAfterSeconds: number) => Error,
  ): Promise<void> {
    const guard = passwordGuard(email, meta, knownDevice(account, meta));
    const reservation = await guard.reserve(lockedOut);
    let ok: boolean;
    try {
      ok = await verify();
    } catch (err) {
      await reservation.release();
      throw err;
    }
    if (!ok) throw E.badCredentials();
    await reservation.succeed();
  }

  // The password of a signed-in account (asked again before something irreversible).
  async function checkPassword(sub: string, password: unknown, meta: RequestMeta): Promise<void> {
    const account = await repo.accountBySub(sub);
    if (!account) throw E.notAuthorized('User does not exist.');
    await checkSecret(account.email, account, meta, () =>
      verifyPassword(account.passwordHash, str(password) ?? ''),
    );
  }

  // The SRP verifier of a password (ADR 065); a new password sets it with its argon2 hash.
  function verifierColumns(sub: string, password: string) {
    const { salt, verifier } = deriveVerifier(poolName(deps.userPoolId), sub, password);
    return { srpSalt: salt, srpVerifier: verifier };
  }
  async function passwordColumns(sub: string, password: string) {
    return { passwordHash: await hashPassword(password), ...verifierColumns(sub, password) };
  }

  async function sendCode(account: IdpAccountRow, purpose: CodePurpose, meta: RequestMeta) {
    await limit(
      { key: `code-send:acct:${account.email}`, ...LIMITS.codeSendsPerAccount },
      { key: `code-send:ip:${clientAddressKey(meta.ip)}`, ...LIMITS.codeSendsPerIp },
    );
    const code = newNumericCode();
    const ttl = purpose === 'signup' ? SIGNUP_CODE_TTL_MS : RESET_CODE_TTL_MS;
    await repo.insertCode({
      sub: account.sub,
      purpose,
      codeHash: keyedHash(codeKey, code),
      expiresAt: new Date(now().getTime() + ttl),
    });
    // The account's own language once the app has a row for it, else what the client sent.
    const stored = await repo.appLocale(account.sub);
    const locale: Locale = stored ? mailLocale(stored) : (meta.locale ?? 'tr');
    const mail =
      purpose === 'signup'
        ? verificationMail(
            account.email,
            `${deps.publicUrl}/verify?username=${encodeURIComponent(account.email)}&code=${code}`,
            locale,
          )
        : resetCodeMail(account.email, code, locale);
    await deps.mailer.send(mail);
    return delivery(account.email);
  }

  // An unknown address gets the answer a known one would (PreventUserExistenceErrors), throttled
  // per address so the endpoint cannot be used to probe for accounts.
  async function pretendToSend(email: string, meta: RequestMeta) {
    await limit({ key: `code-send:ip:${clientAddressKey(meta.ip)}`, ...LIMITS.codeSendsPerIp });
    return { CodeDeliveryDetails: delivery(email) };
  }

  // Checks a code: every guess counts, reserved before the code is compared (parallel guesses cannot
  // pass the limits); the 5th wrong guess kills it; expired or used codes are dead.
  async function checkCode(
    account: IdpAccountRow | undefined,
    purpose: CodePurpose,
    code: unknown,
    meta: RequestMeta,
    askedEmail: string,
  ) {
    // Counted under the address asked for, known or not: one shared counter for every unknown address
    // would fill up and answer LimitExceeded where a known address still says CodeMismatch (ADR 059).
    const email = account?.email ?? askedEmail;
    await limit(
      { key: `code-guess:ip:${clientAddressKey(meta.ip)}`, ...LIMITS.codeGuessesPerIp },
      { key: `code-guess:acct:${email}`, ...LIMITS.codeGuessesPerAccount },
    );
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
    // `nonce`: an OpenID relying party's, for its ID token (the /oauth2 code flow).
    options: { authTime: Date; withRefresh: boolean; originJti?: string; nonce?: string },
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
    const lifetime = {
      authTime: options.authTime,
      originJti,
      ttlSeconds: deps.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
    };
    const who = {
      sub: account.sub,
      username: account.sub,
      email: account.email,
      emailVerified: account.emailVerified === 1,
      name: account.name,
    };
    const result: AuthenticationResult = {
      AccessToken: mintAccessToken(deps.keys, settings, who, lifetime),
      IdToken: mintIdToken(deps.keys, settings, who, { ...lifetime, nonce: options.nonce }),
      ExpiresIn: lifetime.ttlSeconds,
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
    checkSecret,
    checkPassword,
    passwordColumns,
    verifierColumns,
    knownDevice,
    rememberDevice,
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
