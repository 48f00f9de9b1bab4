// Errors in Cognito's wire format: HTTP status plus {"__type": "<Name>Exception", "message": "..."}.
// Messages are Cognito's own (English), as the AWS SDK and the client expect them.
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
    // For throttling: when the caller may try again (sent as Retry-After and in the body).
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = type;
  }
}

export const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';

export const cognitoErrors = {
  usernameExists: () =>
    new CognitoError('UsernameExistsException', 'An account with the given email already exists.'),
  invalidPassword: (why: string) =>
    new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${why}`),
  invalidParameter: (message: string) => new CognitoError('InvalidParameterException', message),
  // Only with PREVENT_USER_EXISTENCE_ERRORS=0 (Cognito's LEGACY); by default unknown users get the
  // answers known ones would (ADR 059).
  userNotFound: () => new CognitoError('UserNotFoundException', 'User does not exist.'),
  notConfirmed: () => new CognitoError('UserNotConfirmedException', 'User is not confirmed.'),
  badCredentials: () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.'),
  notAuthorized: (message: string) => new CognitoError('NotAuthorizedException', message),
  codeMismatch: () =>
    new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
  expiredCode: () =>
    new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  limitExceeded: (retryAfterSeconds?: number) =>
    new CognitoError(
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
      400,
      retryAfterSeconds,
    ),
  // A sign-in's lockout after repeated wrong passwords, as Cognito answers it (InitiateAuth and
  // RespondToAuthChallenge list no LimitExceededException); the wait rides along as for limitExceeded.
  passwordAttemptsExceeded: (retryAfterSeconds?: number) =>
    new CognitoError('NotAuthorizedException', PASSWORD_ATTEMPTS_EXCEEDED, 400, retryAfterSeconds),
  tooManyRequests: () =>
    new CognitoError('TooManyRequestsException', 'Too many requests, please try after some time.'),
  resourceNotFound: (message: string) => new CognitoError('ResourceNotFoundException', message),
  unknownOperation: (op: string) => new CognitoError('UnknownOperationException', `Unknown operation ${op}`),
  unsupportedTokenType: () => new CognitoError('UnsupportedTokenTypeException', 'Unsupported token type.'),
  internal: () => new CognitoError('InternalErrorException', 'Internal error.', 500),
};
