import { describe, expect, it, vi } from 'vitest';
import { CognitoError, cognitoErrorName, createCognitoClient } from './cognitoClient.ts';

function fakeFetch(status: number, body: unknown) {
  return vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
}

describe('cognitoErrorName', () => {
  it('strips a namespace prefix up to #', () => {
    expect(cognitoErrorName('com.amazonaws.cognito.identity.idp.model#NotAuthorizedException')).toBe(
      'NotAuthorizedException',
    );
    expect(cognitoErrorName('UserNotFoundException')).toBe('UserNotFoundException');
    expect(cognitoErrorName(undefined)).toBe('UnknownError');
  });
});

describe('createCognitoClient', () => {
  it('sends the JSON protocol headers and body', async () => {
    const fetch = fakeFetch(200, {
      AuthenticationResult: {
        AccessToken: 'a',
        IdToken: 'i',
        RefreshToken: 'r',
        ExpiresIn: 3600,
        TokenType: 'Bearer',
      },
    });
    const client = createCognitoClient({
      endpoint: 'http://localhost:3000/cognito/',
      clientId: 'client-1',
      fetch,
    });
    const result = await client.signIn('ayse@example.com', 'secret1');
    expect(result.AccessToken).toBe('a');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('http://localhost:3000/cognito/');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      'Accept-Language': 'tr',
    });
    expect(JSON.parse(init?.body as string)).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'client-1',
      AuthParameters: { USERNAME: 'ayse@example.com', PASSWORD: 'secret1' },
    });
  });

  it('sends SignUp with the email attribute and refresh with REFRESH_TOKEN_AUTH', async () => {
    const fetch = fakeFetch(200, {
      UserConfirmed: false,
      UserSub: 's',
      AuthenticationResult: { AccessToken: 'a2', IdToken: 'i2', ExpiresIn: 3600, TokenType: 'Bearer' },
    });
    const client = createCognitoClient({
      endpoint: 'https://cognito-idp.eu-central-1.amazonaws.com/',
      clientId: 'c',
      fetch,
    });
    await client.signUp('a@b.co', 'pw1234');
    await client.refresh('refresh-1');
    expect(JSON.parse(fetch.mock.calls[0][1]?.body as string)).toEqual({
      ClientId: 'c',
      Username: 'a@b.co',
      Password: 'pw1234',
      UserAttributes: [{ Name: 'email', Value: 'a@b.co' }],
    });
    expect(JSON.parse(fetch.mock.calls[1][1]?.body as string)).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'c',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1' },
    });
  });

  it('turns 400 answers into CognitoError with the bare exception name', async () => {
    const fetch = fakeFetch(400, { __type: 'com.amazonaws#CodeMismatchException', message: 'Invalid code' });
    const client = createCognitoClient({ endpoint: 'http://x/cognito/', clientId: 'c', fetch });
    const error = await client.confirmSignUp('u', '123456').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CognitoError);
    expect(error).toMatchObject({ code: 'CodeMismatchException', message: 'Invalid code', status: 400 });
  });

  it('reports network failures as NetworkError', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createCognitoClient({ endpoint: 'http://x/cognito/', clientId: 'c', fetch });
    await expect(client.forgotPassword('u')).rejects.toMatchObject({ code: 'NetworkError' });
  });
});
