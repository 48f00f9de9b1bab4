// A thin typed client for Cognito's JSON API. The same code talks to AWS Cognito
// (https://cognito-idp.<region>.amazonaws.com/) and to Squad's built-in provider (<origin>/cognito/):
// only the endpoint differs. fetch is injectable for unit tests.

import { getLocale } from '#client/lib/i18n/locale.ts';

export type AttributeType = { Name: string; Value: string };

export type AuthenticationResult = {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: string;
};

export type CodeDeliveryDetails = { Destination?: string; DeliveryMedium?: string; AttributeName?: string };

type Operations = {
  SignUp: {
    input: { ClientId: string; Username: string; Password: string; UserAttributes: AttributeType[] };
    output: { UserConfirmed: boolean; UserSub: string; CodeDeliveryDetails?: CodeDeliveryDetails };
  };
  ConfirmSignUp: {
    input: { ClientId: string; Username: string; ConfirmationCode: string };
    output: Record<string, never>;
  };
  ResendConfirmationCode: {
    input: { ClientId: string; Username: string };
    output: { CodeDeliveryDetails?: CodeDeliveryDetails };
  };
  InitiateAuth: {
    input:
      | {
          AuthFlow: 'USER_PASSWORD_AUTH';
          ClientId: string;
          AuthParameters: { USERNAME: string; PASSWORD: string };
        }
      | { AuthFlow: 'REFRESH_TOKEN_AUTH'; ClientId: string; AuthParameters: { REFRESH_TOKEN: string } };
    output: { AuthenticationResult?: AuthenticationResult; ChallengeName?: string; Session?: string };
  };
  ForgotPassword: {
    input: { ClientId: string; Username: string };
    output: { CodeDeliveryDetails?: CodeDeliveryDetails };
  };
  ConfirmForgotPassword: {
    input: { ClientId: string; Username: string; ConfirmationCode: string; Password: string };
    output: Record<string, never>;
  };
  GetUser: { input: { AccessToken: string }; output: { Username: string; UserAttributes: AttributeType[] } };
  ChangePassword: {
    input: { AccessToken: string; PreviousPassword: string; ProposedPassword: string };
    output: Record<string, never>;
  };
  DeleteUser: { input: { AccessToken: string }; output: Record<string, never> };
  GlobalSignOut: { input: { AccessToken: string }; output: Record<string, never> };
  RevokeToken: { input: { ClientId: string; Token: string }; output: Record<string, never> };
};

export type CognitoOperation = keyof Operations;

// Cognito's error names ("NotAuthorizedException", …); `__type` may carry a namespace prefix up to '#'.
export class CognitoError extends Error {
  override readonly name = 'CognitoError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    // The built-in provider's wait after a lockout or throttle (AWS Cognito sends none).
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function cognitoErrorName(type: unknown): string {
  if (typeof type !== 'string' || !type) return 'UnknownError';
  const hash = type.lastIndexOf('#');
  return hash >= 0 ? type.slice(hash + 1) : type;
}

export type CognitoClientOptions = { endpoint: string; clientId: string; fetch?: typeof fetch };

export function createCognitoClient({ endpoint, clientId, fetch: fetchImpl }: CognitoClientOptions) {
  const doFetch = fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  async function call<Op extends CognitoOperation>(
    operation: Op,
    input: Operations[Op]['input'],
  ): Promise<Operations[Op]['output']> {
    let response: Response;
    try {
      response = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
          // The app's language: the identity provider's e-mails are written in it (ADR 057).
          'Accept-Language': getLocale(),
        },
        body: JSON.stringify(input),
      });
    } catch (err) {
      throw new CognitoError('NetworkError', err instanceof Error ? err.message : String(err), 0);
    }
    const text = await response.text();
    let body: unknown = {};
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = {};
      }
    }
    if (!response.ok) {
      const { __type, message, Message, retryAfterSeconds } = (body ?? {}) as {
        __type?: string;
        message?: string;
        Message?: string;
        retryAfterSeconds?: unknown;
      };
      throw new CognitoError(
        cognitoErrorName(__type),
        message ?? Message ?? `HTTP ${response.status}`,
        response.status,
        typeof retryAfterSeconds === 'number' ? retryAfterSeconds : undefined,
      );
    }
    return body as Operations[Op]['output'];
  }

  return {
    clientId,
    signUp: (email: string, password: string) =>
      call('SignUp', {
        ClientId: clientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    confirmSignUp: (username: string, code: string) =>
      call('ConfirmSignUp', { ClientId: clientId, Username: username, ConfirmationCode: code }),
    resendConfirmationCode: (username: string) =>
      call('ResendConfirmationCode', { ClientId: clientId, Username: username }),
    async signIn(username: string, password: string): Promise<AuthenticationResult> {
      const out = await call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      });
      if (!out.AuthenticationResult) {
        // Challenges (MFA, NEW_PASSWORD_REQUIRED) are not enabled on Squad's pools.
        throw new CognitoError(
          'UnsupportedChallengeException',
          out.ChallengeName ?? 'Unexpected challenge',
          200,
        );
      }
      return out.AuthenticationResult;
    },
    async refresh(refreshToken: string): Promise<AuthenticationResult> {
      const out = await call('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
      if (!out.AuthenticationResult) throw new CognitoError('NotAuthorizedException', 'Refresh failed', 400);
      return out.AuthenticationResult;
    },
    forgotPassword: (username: string) => call('ForgotPassword', { ClientId: clientId, Username: username }),
    confirmForgotPassword: (username: string, code: string, password: string) =>
      call('ConfirmForgotPassword', {
        ClientId: clientId,
        Username: username,
        ConfirmationCode: code,
        Password: password,
      }),
    getUser: (accessToken: string) => call('GetUser', { AccessToken: accessToken }),
    changePassword: (accessToken: string, previous: string, proposed: string) =>
      call('ChangePassword', {
        AccessToken: accessToken,
        PreviousPassword: previous,
        ProposedPassword: proposed,
      }),
    deleteUser: (accessToken: string) => call('DeleteUser', { AccessToken: accessToken }),
    globalSignOut: (accessToken: string) => call('GlobalSignOut', { AccessToken: accessToken }),
    revokeToken: (refreshToken: string) => call('RevokeToken', { ClientId: clientId, Token: refreshToken }),
  };
}

export type CognitoClient = ReturnType<typeof createCognitoClient>;
