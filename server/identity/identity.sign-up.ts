import crypto from 'node:crypto';
import { cognitoErrors as E } from './cognito-errors.ts';
import { normalizeEmail, str, type IdentityCore, type RequestMeta } from './identity-core.service.ts';
import { passwordPolicyProblem } from './passwords.ts';

// SignUp, ConfirmSignUp, ResendConfirmationCode.
export function signUpFlow(core: IdentityCore) {
  const { repo, deps, checkClient, sendCode, pretendToSend, checkCode, passwordColumns } = core;
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
      // The sub is chosen here: the SRP verifier is derived over it.
      const sub = crypto.randomUUID();
      const account = await repo.insertAccount({
        sub,
        email,
        ...(await passwordColumns(sub, body.Password as string)),
        name: attr('name'),
        givenName: attr('given_name'),
        familyName: attr('family_name'),
      });
      if (!account) throw E.usernameExists();
      // The sign-up's locale attribute (the app's language) wins over the browser's header.
      const locale = attr('locale');
      const mailMeta: RequestMeta = locale === 'en' || locale === 'tr' ? { ...meta, locale } : meta;
      const delivery = await sendCode(account, 'signup', mailMeta).catch(async (err) => {
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
      await checkCode(account, 'signup', body.ConfirmationCode, meta, email);
      await repo.updateAccount(account!.sub, { status: 'CONFIRMED', emailVerified: 1 });
      return {};
    },

    async ResendConfirmationCode(body: Record<string, unknown>, meta: RequestMeta) {
      checkClient(body.ClientId);
      const email = normalizeEmail(body.Username);
      const account = await repo.accountByEmail(email);
      // Unknown users get the same answer (PreventUserExistenceErrors).
      if (!account) return pretendToSend(email, meta);
      if (account.status === 'CONFIRMED') throw E.invalidParameter('User is already confirmed.');
      return { CodeDeliveryDetails: await sendCode(account, 'signup', meta) };
    },
  };
}
