import http from 'node:http';
import Provider from 'oidc-provider';

// A local OpenID Connect provider standing in for Google in the browser tests: any login name with
// any password signs in as a verified Gmail-style account. A login name starting with 'reject' signs
// in too, but its authorization code is refused at the token endpoint (invalid_grant), as Google
// refuses an expired or already used code.
export async function startFakeGoogle(options: { port: number; redirectUri: string }) {
  const issuer = `http://127.0.0.1:${options.port}`;
  const clientId = 'squad-e2e-google';
  const clientSecret = 'e2e-google-secret-not-for-production';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    findAccount: async (_ctx, sub, token) => {
      // At the token endpoint the code is passed along; no account there means invalid_grant.
      if (token?.kind === 'AuthorizationCode' && sub.toLowerCase().startsWith('reject')) return undefined;
      return account(sub);
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['squad-e2e-cookie-key'] },
    conformIdTokenClaims: false,
  });
  function account(sub: string) {
    return {
      accountId: sub,
      claims: async () => ({
        sub: `google-${sub}`,
        email: `${sub.toLowerCase()}@gmail.test`,
        email_verified: true,
        name: 'Deniz Google',
        given_name: 'Deniz',
        family_name: 'Google',
      }),
    };
  }
  const handle = provider.callback();
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
