import { cognitoErrors as E } from './cognito-errors.ts';
import { normalizeEmail, str, type IdentityCore, type RequestMeta } from './identity-core.service.ts';
import { passwordPolicyProblem, verifyPassword } from './passwords.ts';

// ForgotPassword, ConfirmForgotPassword (reset by e-mailed code) and ChangePassword (signed in).
export function passwordFlow(core: IdentityCore) {
  const {
    repo,
    deps,
    checkClient,
    sendCode,
    pretendToSend,
    checkCode,
    accountFromAccessToken,
    passwordGuard,
    checkSecret,
    knownDevice,
    rememberDevice,
    passwordColumns,
  } = core;
  return {
    async ForgotPassword(body: Record<string, unknown>, meta: RequestMeta) {
      checkClient(body.ClientId);
      const email = normalizeEmail(body.Username);
      const account = await repo.accountByEmail(email);
      if (!account) return pretendToSend(email, meta);
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
      await checkCode(account, 'reset', body.ConfirmationCode, meta, email);
      await repo.updateAccount(account!.sub, await passwordColumns(account!.sub, body.Password as string));
      // A new password ends every existing session.
      await repo.revokeAllRefreshTokens(account!.sub);
      deps.onRevoked?.(account!.sub);
      deps.onSessionsEnded?.(account!.sub, {});
      // The owner proved control of the mailbox: this address may sign in again at once, and this device
      // is known to the account, so it gets in while others' guesses hold the account (ADR 053).
      await passwordGuard(email, meta).clear();
      const device = knownDevice(account, meta);
      if (device) await passwordGuard(email, meta, device).clear();
      rememberDevice(account!, meta);
      return {};
    },

    async ChangePassword(body: Record<string, unknown>, meta: RequestMeta) {
      const account = await accountFromAccessToken(body.AccessToken);
      const problem = passwordPolicyProblem(body.ProposedPassword);
      if (problem) throw E.invalidPassword(problem);
      await checkSecret(account.email, account, meta, () =>
        verifyPassword(account.passwordHash, str(body.PreviousPassword) ?? ''),
      );
      await repo.updateAccount(
        account.sub,
        await passwordColumns(account.sub, body.ProposedPassword as string),
      );
      // A new password ends every other sign-in of the account (unlike Cognito, which leaves them to a
      // GlobalSignOut); the changer's own goes on (ADR 067).
      const { originJti } = await deps.verifyAccessToken(body.AccessToken as string);
      await repo.revokeAllRefreshTokens(account.sub, originJti);
      deps.onRevoked?.(account.sub);
      deps.onSessionsEnded?.(account.sub, originJti ? { except: originJti } : {});
      return {};
    },
  };
}
