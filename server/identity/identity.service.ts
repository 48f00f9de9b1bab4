import type { Database } from '#db/client.ts';
import type { IdpAccountRow } from '#db/schema/index.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { RateLimiter } from '#server/lib/rate-limit.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { cognitoErrors as E } from './cognito-errors.ts';
import { createIdentityRepository, type CodePurpose } from './identity.repository.ts';
import { resetCodeMail, verificationMail } from './mail-templates.ts';
import { burnPasswordCheck, hashPassword, passwordPolicyProblem, verifyPassword } from './passwords.ts';
import { keyedHash, maskEmail, newNumericCode, newOpaqueToken, sameHash } from './secrets.ts';
import type { KeyStore } from './signing-keys.ts';
import { ACCESS_TOKEN_TTL_SECONDS, mintAccessToken, mintIdToken } from './tokens.ts';

export const SIGNUP_CODE_TTL_MS = 24 * 3600_000;
export const RESET_CODE_TTL_MS = 3600_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;
export const MAX_CODE_ATTEMPTS = 5;

// Throttling, per account and per IP (fixed windows).
export const LIMITS = {
  signInFailuresPerAccount: { limit: 5, windowSeconds: 15 * 60 },
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

type Deps = {
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
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function normalizeEmail(value: unknown): string {
  const email = str(value)?.trim().toLowerCase();
  if (!email) throw E.invalidParameter('Missing required parameter USERNAME');
  if (!EMAIL.test(email) || email.length > 254) throw E.invalidParameter('Invalid email address format.');
  return email;
}

export function createIdentityService(deps: Deps) {
  const repo = createIdentityRepository(deps.db);
  // Codes and refresh tokens are stored as HMACs under a server secret.
  const codeKey = deps.hashKey;
  const now = () => deps.clock.now();

  function checkClient(clientId: unknown) {
    if (clientId !== deps.clientId) throw E.resourceNotFound('User pool client does not exist.');
  }

  async function limit(key: string, rule: { limit: number; windowSeconds: number }) {
    const d = await deps.limiter.hit(key, rule.limit, rule.windowSeconds);
    if (!d.allowed) throw E.limitExceeded();
  }

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
    return { Destination: maskEmail(account.email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
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
    async SignUp(body: Record<string, unknown>, meta: RequestMeta) {
      checkClient(body.ClientId);
      const email = normalizeEmail(body.Username);
      const attributes = Array.isArray(body.UserAttributes)
        ? (body.UserAttributes as { Name?: unknown; Value?: unknown }[])
        : [];
      const emailAttr = attributes.find((a) => a?.Name === 'email');
      if (emailAttr && normalizeEmail(emailAttr.Value) !== email)
        throw E.invalidParameter('Email attribute must match the username.');
      const problem = passwordPolicyProblem(body.Password);
      if (problem) throw E.invalidPassword(problem);
      const attr = (name: string) =>
        str(attributes.find((a) => a?.Name === name)?.Value)
          ?.trim()
          .slice(0, 100) || null;
      const account = await repo.insertAccount({
        email,
        passwordHash: await hashPassword(body.Password as string),
        name: attr('name'),
        givenName: attr('given_name'),
        familyName: attr('family_name'),
      });
      if (!account) throw E.usernameExists();
      const delivery = await sendCode(account, 'signup', meta).catch(async (err) => {
        // Throttled before anything was sent: the account must not linger without a code.
        await repo.deleteAccount(account.sub);
        throw err;
      });
      deps.logger.info({ sub: account.sub }, 'account signed up');
      return { UserConfirmed: false, UserSub: account.sub, CodeDeliveryDetails: delivery };
    },

    async ConfirmSignUp(body: Record<string, unknown>, meta: RequestMeta) {
      checkClient(body.ClientId);
      const email = normalizeEmail(body.Username);
      const account = await repo.accountByEmail(email);
      if (account && account.status === 'CONFIRMED')
        throw E.notAuthorized('User cannot be confirmed. Current status is CONFIRMED');
      await checkCode(account, 'signup', body.ConfirmationCode, meta);
      await repo.updateAccount(account!.sub, { status: 'CONFIRMED', emailVerified: 1 });
      return {};
    },

    async ResendConfirmationCode(body: Record<string, unknown>, meta: RequestMeta) {
      checkClient(body.ClientId);
      const email = normalizeEmail(body.Username);
      const account = await repo.accountByEmail(email);
      // Unknown users get the same answer (PreventUserExistenceErrors).
      if (!account) {
        await limit(`code-send:ip:${meta.ip}`, LIMITS.codeSendsPerIp);
        return {
          CodeDeliveryDetails: {
            Destination: maskEmail(email),
            DeliveryMedium: 'EMAIL',
            AttributeName: 'email',
          },
        };
      }
      if (account.status === 'CONFIRMED') throw E.invalidParameter('User is already confirmed.');
      return { CodeDeliveryDetails: await sendCode(account, 'signup', meta) };
    },

    async InitiateAuth(body: Record<string, unknown>, meta: RequestMeta) {
      checkClient(body.ClientId);
      const params = (body.AuthParameters ?? {}) as Record<string, unknown>;
      if (body.AuthFlow === 'USER_PASSWORD_AUTH') {
        const email = normalizeEmail(params.USERNAME);
        const password = str(params.PASSWORD);
        if (!password) throw E.invalidParameter('Missing required parameter PASSWORD');
        const acctKey = `signin-fail:acct:${email}`;
        const ipKey = `signin-fail:ip:${meta.ip}`;
        const [acct, ip] = await Promise.all([
          deps.limiter.peek(acctKey, LIMITS.signInFailuresPerAccount.limit),
          deps.limiter.peek(ipKey, LIMITS.signInFailuresPerIp.limit),
        ]);
        if (!acct.allowed || !ip.allowed) throw E.limitExceeded();
        const account = await repo.accountByEmail(email);
        const ok = account
          ? await verifyPassword(account.passwordHash, password)
          : (await burnPasswordCheck(password), false);
        if (!ok) {
          await deps.limiter.hit(
            acctKey,
            LIMITS.signInFailuresPerAccount.limit,
            LIMITS.signInFailuresPerAccount.windowSeconds,
          );
          await deps.limiter.hit(
            ipKey,
            LIMITS.signInFailuresPerIp.limit,
            LIMITS.signInFailuresPerIp.windowSeconds,
          );
          throw E.badCredentials();
        }
        if (account!.status !== 'CONFIRMED') throw E.notConfirmed();
        await deps.limiter.reset(acctKey);
        return {
          ChallengeParameters: {},
          AuthenticationResult: await issueTokens(account!, { authTime: now(), withRefresh: true }),
        };
      }
      if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') {
        const token = str(params.REFRESH_TOKEN);
        if (!token) throw E.invalidParameter('Missing required parameter REFRESH_TOKEN');
        const row = await repo.refreshTokenByHash(keyedHash(codeKey, token));
        if (!row || row.clientId !== deps.clientId) throw E.notAuthorized('Invalid Refresh Token');
        if (row.revokedAt) throw E.notAuthorized('Refresh Token has been revoked');
        if (row.expiresAt <= now()) throw E.notAuthorized('Refresh Token has expired');
        const account = await repo.accountBySub(row.sub);
        if (!account) throw E.notAuthorized('User does not exist.');
        return {
          ChallengeParameters: {},
          AuthenticationResult: await issueTokens(account, {
            authTime: row.authTime,
            withRefresh: false,
            originJti: row.id,
          }),
        };
      }
      throw E.invalidParameter(`Unsupported AuthFlow ${String(body.AuthFlow)}`);
    },

    async ForgotPassword(body: Record<string, unknown>, meta: RequestMeta) {
      checkClient(body.ClientId);
      const email = normalizeEmail(body.Username);
      const account = await repo.accountByEmail(email);
      if (!account) {
        await limit(`code-send:ip:${meta.ip}`, LIMITS.codeSendsPerIp);
        return {
          CodeDeliveryDetails: {
            Destination: maskEmail(email),
            DeliveryMedium: 'EMAIL',
            AttributeName: 'email',
          },
        };
      }
      if (account.emailVerified !== 1) {
        throw E.invalidParameter(
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
        );
      }
      return { CodeDeliveryDetails: await sendCode(account, 'reset', meta) };
    },

    async ConfirmForgotPassword(body: Record<string, unknown>, meta: RequestMeta) {
      checkClient(body.ClientId);
      const email = normalizeEmail(body.Username);
      const problem = passwordPolicyProblem(body.Password);
      if (problem) throw E.invalidPassword(problem);
      const account = await repo.accountByEmail(email);
      await checkCode(account, 'reset', body.ConfirmationCode, meta);
      await repo.updateAccount(account!.sub, { passwordHash: await hashPassword(body.Password as string) });
      // A new password ends every existing session.
      await repo.revokeAllRefreshTokens(account!.sub);
      deps.onRevoked?.(account!.sub);
      await deps.limiter.reset(`signin-fail:acct:${email}`);
      return {};
    },

    async GetUser(body: Record<string, unknown>) {
      const account = await accountFromAccessToken(body.AccessToken);
      return { Username: account.sub, UserAttributes: userAttributes(account) };
    },

    async ChangePassword(body: Record<string, unknown>, meta: RequestMeta) {
      const account = await accountFromAccessToken(body.AccessToken);
      const problem = passwordPolicyProblem(body.ProposedPassword);
      if (problem) throw E.invalidPassword(problem);
      await limit(`signin-fail:acct:${account.email}`, LIMITS.signInFailuresPerAccount);
      await limit(`signin-fail:ip:${meta.ip}`, LIMITS.signInFailuresPerIp);
      if (!(await verifyPassword(account.passwordHash, str(body.PreviousPassword) ?? '')))
        throw E.badCredentials();
      await repo.updateAccount(account.sub, {
        passwordHash: await hashPassword(body.ProposedPassword as string),
      });
      return {};
    },

    async GlobalSignOut(body: Record<string, unknown>) {
      const account = await accountFromAccessToken(body.AccessToken);
      await repo.revokeAllRefreshTokens(account.sub);
      // Whole seconds: tokens carry iat in seconds; anything issued up to now is out.
      await repo.updateAccount(account.sub, {
        tokensValidAfter: new Date(Math.ceil(now().getTime() / 1000) * 1000 + 1000),
      });
      deps.onRevoked?.(account.sub);
      return {};
    },

    async RevokeToken(body: Record<string, unknown>) {
      checkClient(body.ClientId);
      const token = str(body.Token);
      if (!token) throw E.invalidParameter('Missing required parameter Token');
      if (token.split('.').length === 3) throw E.unsupportedTokenType();
      const row = await repo.refreshTokenByHash(keyedHash(codeKey, token));
      if (row) {
        await repo.revokeRefreshToken(row.id);
        deps.onRevoked?.(row.sub);
      }
      return {};
    },

    async DeleteUser(body: Record<string, unknown>) {
      const account = await accountFromAccessToken(body.AccessToken);
      await repo.deleteAccount(account.sub);
      deps.onRevoked?.(account.sub);
      deps.logger.info({ sub: account.sub }, 'account deleted');
      return {};
    },

    // --- for the API and the OAuth endpoints ---
    async isAccessRevoked(claims: VerifiedAccess): Promise<boolean> {
      const account = await repo.accountBySub(claims.sub);
      if (!account) return true;
      return isRevoked(account, claims);
    },
    async profile(sub: string) {
      const account = await repo.accountBySub(sub);
      return account
        ? { email: account.email, name: account.name, emailVerified: account.emailVerified === 1 }
        : null;
    },
    accountFromAccessToken,
    userAttributes,
    issueTokens,
    codeKey: () => codeKey,
    repo,
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
export const COGNITO_OPERATIONS = [
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'ChangePassword',
  'GlobalSignOut',
  'RevokeToken',
  'DeleteUser',
] as const;
