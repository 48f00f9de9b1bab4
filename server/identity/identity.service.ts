import { CognitoError, PASSWORD_ATTEMPTS_EXCEEDED, cognitoErrors as E } from './cognito-errors.ts';
import {
  createIdentityCore,
  normalizeEmail,
  type IdentityCore,
  type IdentityDeps,
  type RequestMeta,
} from './identity-core.service.ts';
import { passwordFlow } from './identity.password.ts';
import { sessionsFlow } from './identity.sessions.ts';
import { signInFlow } from './identity.sign-in.ts';
import { signUpFlow } from './identity.sign-up.ts';

export type IdentityOptions = {
  // Cognito's PreventUserExistenceErrors (default on, ADR 059): an unknown address gets the answers a
  // known one would. Off, the five operations Cognito names answer UserNotFoundException instead.
  preventUserExistenceErrors?: boolean;
};

// The built-in identity provider: one flow per file, sharing the core (repository, codes, tokens).
export function createIdentityService(deps: IdentityDeps, options: IdentityOptions = {}) {
  const core = createIdentityCore(deps);
  const flows = { ...signUpFlow(core), ...signInFlow(core), ...passwordFlow(core) };
  return {
    ...flows,
    ...(options.preventUserExistenceErrors === false && revealUnknownUsers(core, flows)),
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
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'ChangePassword',
  'GlobalSignOut',
  'RevokeToken',
  'DeleteUser',
] as const;

type Operation = (body: Record<string, unknown>, meta: RequestMeta) => Promise<unknown>;
type RevealedOperations =
  'InitiateAuth' | 'ForgotPassword' | 'ConfirmForgotPassword' | 'ResendConfirmationCode' | 'ConfirmSignUp';

// PreventUserExistenceErrors off (Cognito's LEGACY). Each operation first runs as it always does (the
// same limits are counted, the same time spent), and only then is an unknown address told so: a
// wrong password or code for it, or a pretended code delivery, becomes UserNotFoundException.
function revealUnknownUsers<T extends Record<RevealedOperations, Operation>>(core: IdentityCore, flows: T) {
  const unknown = async (username: unknown) =>
    username !== undefined && !(await core.repo.accountByEmail(normalizeEmail(username)));
  // The lockout is not a wrong password: it stays what it is.
  const hides = (err: unknown) =>
    err instanceof CognitoError &&
    err.message !== PASSWORD_ATTEMPTS_EXCEEDED &&
    ['NotAuthorizedException', 'CodeMismatchException', 'ExpiredCodeException'].includes(err.type);
  const reveal =
    (
      operation: Operation,
      username: (body: Record<string, unknown>) => unknown,
      answered: boolean | ((body: Record<string, unknown>) => boolean),
    ) =>
    async (body: Record<string, unknown>, meta: RequestMeta) => {
      let result: unknown;
      try {
        result = await operation(body, meta);
      } catch (err) {
        if (hides(err) && (await unknown(username(body)))) throw E.userNotFound();
        throw err;
      }
      const told = typeof answered === 'function' ? answered(body) : answered;
      if (told && (await unknown(username(body)))) throw E.userNotFound();
      return result;
    };
  const byUsername = (body: Record<string, unknown>) => body.Username;
  return {
    InitiateAuth: reveal(
      flows.InitiateAuth,
      (body) =>
        body.AuthFlow === 'USER_PASSWORD_AUTH' || body.AuthFlow === 'USER_SRP_AUTH'
          ? (body.AuthParameters as Record<string, unknown> | undefined)?.USERNAME
          : undefined,
      // SRP's challenge for an unknown address is a stand-in; LEGACY says UserNotFound at once.
      (body) => body.AuthFlow === 'USER_SRP_AUTH',
    ),
    ForgotPassword: reveal(flows.ForgotPassword, byUsername, true),
    ResendConfirmationCode: reveal(flows.ResendConfirmationCode, byUsername, true),
    ConfirmForgotPassword: reveal(flows.ConfirmForgotPassword, byUsername, false),
    ConfirmSignUp: reveal(flows.ConfirmSignUp, byUsername, false),
  } as Pick<T, RevealedOperations>;
}
