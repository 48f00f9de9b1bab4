import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { EMBEDDED_CLIENT_ID, EMBEDDED_USER_POOL_ID } from '#server/lib/config.ts';
import type { TestApp } from './test-app.ts';

// AWS's own client libraries (amazon-cognito-identity-js, aws-amplify v6) pointed at the built-in
// provider. Both call the global fetch; `watchCognito` wraps it so each test's calls come from an
// address of its own (the test app trusts loopback proxies) and the Cognito operations are recorded.
export type CognitoCall = { operation: string; body: Record<string, unknown> };

export function watchCognito(app: TestApp) {
  const original = globalThis.fetch;
  const calls: CognitoCall[] = [];
  const state = { ip: '127.0.0.1' };
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(app.baseUrl)) return original(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('x-forwarded-for', state.ip);
    const target = headers.get('x-amz-target') ?? '';
    const body = typeof init?.body === 'string' ? init.body : '{}';
    calls.push({
      operation: target.replace('AWSCognitoIdentityProviderService.', ''),
      body: JSON.parse(body) as Record<string, unknown>,
    });
    return original(input, { ...init, headers });
  };
  return {
    calls,
    // Calls made from now on come from this client address.
    from(ip: string) {
      state.ip = ip;
    },
    operations: () => calls.map((c) => c.operation),
    restore() {
      globalThis.fetch = original;
    },
  };
}

// --- amazon-cognito-identity-js (callbacks made promises) ---

export function userPool(app: TestApp) {
  return new CognitoUserPool({
    UserPoolId: EMBEDDED_USER_POOL_ID,
    ClientId: EMBEDDED_CLIENT_ID,
    endpoint: `${app.baseUrl}/cognito/`,
  });
}

export type LibraryError = Error & { code?: string; name: string };

export const libSignUp = (pool: CognitoUserPool, email: string, password: string) =>
  new Promise<string>((resolve, reject) =>
    pool.signUp(
      email,
      password,
      [new CognitoUserAttribute({ Name: 'email', Value: email })],
      [],
      (err, res) => (err ? reject(err) : resolve(res!.userSub)),
    ),
  );

export const libConfirm = (pool: CognitoUserPool, email: string, code: string) =>
  new Promise<void>((resolve, reject) =>
    new CognitoUser({ Username: email, Pool: pool }).confirmRegistration(code, true, (err) =>
      err ? reject(err as Error) : resolve(),
    ),
  );

// authenticateUser: USER_SRP_AUTH, the library's default flow.
export function libSignIn(pool: CognitoUserPool, email: string, password: string) {
  const user = new CognitoUser({ Username: email, Pool: pool });
  return new Promise<{ user: CognitoUser; session: CognitoUserSession }>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve({ user, session }),
      onFailure: (err: LibraryError) => reject(err),
    }),
  );
}

export const libRefresh = (user: CognitoUser, session: CognitoUserSession) =>
  new Promise<CognitoUserSession>((resolve, reject) =>
    user.refreshSession(session.getRefreshToken(), (err: Error | null, fresh: CognitoUserSession) =>
      err ? reject(err) : resolve(fresh),
    ),
  );

export const libGlobalSignOut = (user: CognitoUser) =>
  new Promise<void>((resolve, reject) =>
    user.globalSignOut({ onSuccess: () => resolve(), onFailure: (err) => reject(err) }),
  );

export async function failure(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as LibraryError;
    return { name: e.code ?? e.name, message: e.message };
  }
  return { name: 'no error', message: '' };
}

// --- aws-amplify v6: one configuration per test file, tokens in memory ---

export function configureAmplify(app: TestApp) {
  const store = new Map<string, string>();
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: EMBEDDED_USER_POOL_ID,
        userPoolClientId: EMBEDDED_CLIENT_ID,
        userPoolEndpoint: `${app.baseUrl}/cognito/`,
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage({
    setItem: async (key, value) => void store.set(key, value),
    getItem: async (key) => store.get(key) ?? null,
    removeItem: async (key) => void store.delete(key),
    clear: async () => store.clear(),
  });
  return store;
}
