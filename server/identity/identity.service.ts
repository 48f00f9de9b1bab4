import { createIdentityCore, type IdentityDeps } from './identity-core.service.ts';
import { passwordFlow } from './identity.password.ts';
import { sessionsFlow } from './identity.sessions.ts';
import { signInFlow } from './identity.sign-in.ts';
import { signUpFlow } from './identity.sign-up.ts';

// The built-in identity provider: one flow per file, sharing the core (repository, codes, tokens).
export function createIdentityService(deps: IdentityDeps) {
  const core = createIdentityCore(deps);
  return {
    ...signUpFlow(core),
    ...signInFlow(core),
    ...passwordFlow(core),
    ...sessionsFlow(core),
    // --- for the OAuth endpoints and tests ---
    accountFromAccessToken: core.accountFromAccessToken,
    // The password asked again before an irreversible step, under the sign-in limits (ADR 053).
    checkPassword: core.checkPassword,
    userAttributes: core.userAttributes,
    issueTokens: core.issueTokens,
    codeKey: () => core.codeKey,
    repo: core.repo,
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
