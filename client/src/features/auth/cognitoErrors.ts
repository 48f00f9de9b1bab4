import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';
import type { Translate } from '#client/lib/i18n/I18nProvider.tsx';

// The spec's error catalogue (§8), keyed by Cognito error names. Never branch on message text.

function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string')
    return error.code;
  return 'UnknownError';
}

// Failures every flow can meet. The service's own message is never shown: it is in the service's
// language (English for AWS Cognito), sometimes just the error's name.
const COMMON: Record<string, MessageKey> = {
  UsernameExistsException: 'cognito.signUp.exists',
  AliasExistsException: 'cognito.signUp.exists',
  InvalidPasswordException: 'cognito.invalidPassword',
  InvalidParameterException: 'cognito.invalidParameter',
  LimitExceededException: 'cognito.tooMany',
  TooManyRequestsException: 'cognito.tooMany',
  TooManyFailedAttemptsException: 'cognito.tooMany',
  CodeDeliveryFailureException: 'cognito.codeDelivery',
  PasswordResetRequiredException: 'cognito.passwordResetRequired',
  UserNotConfirmedException: 'cognito.signIn.notConfirmed',
  UserNotFoundException: 'cognito.userNotFound',
  CodeMismatchException: 'cognito.reset.codeMismatch',
  ExpiredCodeException: 'cognito.reset.expired',
};

function pick(t: Translate, table: Record<string, MessageKey>, error: unknown, fallback: MessageKey): string {
  const code = errorCode(error);
  const key = table[code] ?? COMMON[code];
  return t(key ?? fallback);
}

// Wrong passwords are counted per account and address in 15-minute windows (server/identity); the
// built-in provider also says how many seconds are left (retryAfterSeconds), AWS Cognito does not.
export const SIGN_IN_THROTTLE_MINUTES = 15;

function waitMinutes(error: unknown): number {
  const seconds =
    error && typeof error === 'object' && 'retryAfterSeconds' in error
      ? Number(error.retryAfterSeconds)
      : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0) return SIGN_IN_THROTTLE_MINUTES;
  return Math.max(1, Math.ceil(seconds / 60));
}

const THROTTLED = new Set([
  'LimitExceededException',
  'TooManyRequestsException',
  'TooManyFailedAttemptsException',
]);

// The lockout after repeated wrong passwords: Cognito (and the built-in provider, issue 26.7) answers
// NotAuthorizedException with this message, the only thing telling it from a wrong password; the one
// place where the message is read (ADR 065).
export const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';

function isLockedOut(error: unknown): boolean {
  return (
    THROTTLED.has(errorCode(error)) ||
    (errorCode(error) === 'NotAuthorizedException' &&
      error instanceof Error &&
      error.message === PASSWORD_ATTEMPTS_EXCEEDED)
  );
}

export function signInErrorMessage(error: unknown, t: Translate): string {
  if (isLockedOut(error)) return t('cognito.signIn.limit', { minutes: waitMinutes(error) });
  return pick(
    t,
    {
      UserNotConfirmedException: 'cognito.signIn.notConfirmed',
      NotAuthorizedException: 'cognito.signIn.notAuthorized',
      UserNotFoundException: 'cognito.userNotFound',
    },
    error,
    'cognito.signIn.other',
  );
}

export function signUpErrorMessage(error: unknown, t: Translate): string {
  return pick(t, {}, error, 'cognito.signUp.other');
}

export function sendCodeErrorMessage(error: unknown, t: Translate): string {
  return pick(
    t,
    { UserNotFoundException: 'cognito.userNotFound', LimitExceededException: 'cognito.sendCode.limit' },
    error,
    'cognito.sendCode.other',
  );
}

export type ResetFailure = { message: string; restart: boolean };

// An expired code sends the user back to the first step.
export function resetErrorMessage(error: unknown, t: Translate): ResetFailure {
  const code = errorCode(error);
  return {
    message: pick(
      t,
      { CodeMismatchException: 'cognito.reset.codeMismatch', ExpiredCodeException: 'cognito.reset.expired' },
      error,
      'cognito.reset.other',
    ),
    restart: code === 'ExpiredCodeException',
  };
}

export function resendErrorMessage(_error: unknown, t: Translate): string {
  return t('cognito.resend.failed');
}

export function verifyErrorMessage(error: unknown, t: Translate): string {
  return pick(
    t,
    {
      CodeMismatchException: 'verify.error.codeMismatch',
      ExpiredCodeException: 'verify.error.codeMismatch',
      NotAuthorizedException: 'verify.error.notAuthorized',
      UserNotFoundException: 'verify.error.userNotFound',
    },
    error,
    'verify.error.generic',
  );
}

// Changing the password while signed in: our own texts only, never the service's English.
export function changePasswordErrorMessage(error: unknown, t: Translate): string {
  if (isLockedOut(error)) return t('settings.password.tooMany');
  const table: Record<string, MessageKey> = {
    NotAuthorizedException: 'settings.password.wrong',
    InvalidPasswordException: 'settings.password.invalid',
    InvalidParameterException: 'settings.password.invalid',
    LimitExceededException: 'settings.password.tooMany',
    TooManyRequestsException: 'settings.password.tooMany',
  };
  return t(table[errorCode(error)] ?? 'settings.password.failed');
}
