import { cognitoErrors as E } from './cognito-errors.ts';
import { normalizeEmail, str, type IdentityCore, type RequestMeta } from './identity-core.service.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import { keyedHash } from './secrets.ts';

// InitiateAuth: USER_PASSWORD_AUTH (throttled guessing) and REFRESH_TOKEN_AUTH.
export function signInFlow(core: IdentityCore) {
  const { repo, deps, codeKey, now, checkClient, issueTokens, checkSecret, rememberDevice } = core;

  async function passwordAuth(params: Record<string, unknown>, meta: RequestMeta) {
    const email = normalizeEmail(params.USERNAME);
    const password = str(params.PASSWORD);
    if (!password) throw E.invalidParameter('Missing required parameter PASSWORD');
    const account = await repo.accountByEmail(email);
    await checkSecret(email, account, meta, async () => {
      if (account) return verifyPassword(account.passwordHash, password);
      await burnPasswordCheck(password);
      return false;
    });
    if (account!.status !== 'CONFIRMED') throw E.notConfirmed();
    rememberDevice(account!, meta);
    return {
      ChallengeParameters: {},
      AuthenticationResult: await issueTokens(account!, { authTime: now(), withRefresh: true }),
    };
  }

  async function refreshAuth(params: Record<string, unknown>) {
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

  return {
    async InitiateAuth(body: Record<string, unknown>, meta: RequestMeta) {
      checkClient(body.ClientId);
      const params = (body.AuthParameters ?? {}) as Record<string, unknown>;
      if (body.AuthFlow === 'USER_PASSWORD_AUTH') return passwordAuth(params, meta);
      if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN')
        return refreshAuth(params);
      throw E.invalidParameter(`Unsupported AuthFlow ${String(body.AuthFlow)}`);
    },
  };
}
