import type { PasswordCheck } from '#server/modules/users/users.service.ts';
import { CognitoError } from './cognito-errors.ts';
import type { IdentityService } from './identity.service.ts';

// The owner proves it again before deleting the account (ADR 054): the password, through the
// provider's own check (checkPassword, under the sign-in limits: a wrong password here counts like a
// wrong sign-in). An account without a password (Google only) proves it by a fresh sign-in instead.
export function passwordCheckOf(idp: IdentityService): PasswordCheck {
  return async (sub, password, ip) => {
    const account = await idp.repo.accountBySub(sub);
    if (!account?.passwordHash) return { outcome: 'no_password' };
    // Nothing typed is not a guess: asked for, not counted.
    if (!password) return { outcome: 'wrong' };
    try {
      await idp.checkPassword(sub, password, { ip });
      return { outcome: 'ok' };
    } catch (err) {
      if (err instanceof CognitoError && err.type === 'LimitExceededException')
        return { outcome: 'throttled', retryAfterSeconds: err.retryAfterSeconds ?? 60 };
      if (err instanceof CognitoError && err.type === 'NotAuthorizedException') return { outcome: 'wrong' };
      throw err;
    }
  };
}
