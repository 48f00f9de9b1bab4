import { cognitoErrors as E } from './cognito-errors.ts';
import { normalizeEmail, str, type IdentityCore, type RequestMeta } from './identity-core.service.ts';
import { srpFlow } from './identity.srp.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import { keyedHash } from './secrets.ts';

// InitiateAuth: USER_PASSWORD_AUTH (throttled guessing), USER_SRP_AUTH with RespondToAuthChallenge
// (ADR 065) and REFRESH_TOKEN_AUTH; GetTokensFromRefreshToken (Amplify v6's refresh).
export function signInFlow(core: IdentityCore) {
  const { repo, deps, codeKey, now, checkClient, issueTokens, checkSecret, rememberDevice } = core;
  const srp = srpFlow(core);

  async function passwordAuth(params: Record<string, unknown>, meta: RequestMeta) {
    const email = normalizeEmail(params.USERNAME);
    const password = str(params.PASSWORD);
    if (!password) throw E.invalidParameter('Missing required parameter PASSWORD');
    const account = await repo.accountByEmail(email);
    await checkSecret(
      email,
      account,
      meta,
      async () => {
        if (account) return verifyPassword(account.passwordHash, password);
        await burnPasswordCheck(password);
        return false;
      },
      E.passwordAttemptsExceeded,
    );
    // An account older than SRP gets its verifier from the first password that proves right.
    if (!account!.srpVerifier)
      await repo.updateAccount(account!.sub, core.verifierColumns(account!.sub, password));
    if (account!.status !== 'CONFIRMED') throw E.notConfirmed();
    rememberDevice(account!, meta);
    return {
      ChallengeParameters: {},
      AuthenticationResult: await issueTokens(account!, { authTime: now(), withRefresh: true }),
    };
  }

  // New access and ID tokens for a refresh token. Rotation is off (Cognito's default): the refresh
  // token stays the same and no new one is handed out.
  async function refresh(token: string | undefined) {
    if (!token) throw E.invalidParameter('Missing required parameter REFRESH_TOKEN');
    const row = await repo.refreshTokenByHash(keyedHash(codeKey, token));
    if (!row || row.clientId !== deps.clientId) throw E.notAuthorized('Invalid Refresh Token');
    if (row.revokedAt) throw E.notAuthorized('Refresh Token has been revoked');
    if (row.expiresAt <= now()) throw E.notAuthorized('Refresh Token has expired');
    const account = await repo.accountBySub(row.sub);
    if (!account) throw E.notAuthorized('User does not exist.');
    return issueTokens(account, { authTime: row.authTime, withRefresh: false, originJti: row.id });
  }

  return {
    async InitiateAuth(body: Record<string, unknown>, meta: RequestMeta) {
      checkClient(body.ClientId);
      const params = (body.AuthParameters ?? {}) as Record<string, unknown>;
      if (body.AuthFlow === 'USER_PASSWORD_AUTH') return passwordAuth(params, meta);
      if (body.AuthFlow === 'USER_SRP_AUTH') return srp.initiate(params);
      if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN')
        return { ChallengeParameters: {}, AuthenticationResult: await refresh(str(params.REFRESH_TOKEN)) };
      throw E.invalidParameter(`Unsupported AuthFlow ${String(body.AuthFlow)}`);
    },

    RespondToAuthChallenge: srp.respond,

    async GetTokensFromRefreshToken(body: Record<string, unknown>) {
      checkClient(body.ClientId);
      const token = str(body.RefreshToken);
      if (!token) throw E.invalidParameter('Missing required parameter RefreshToken');
      return { AuthenticationResult: await refresh(token) };
    },
  };
}
