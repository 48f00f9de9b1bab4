import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('HTTP surface', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await app.rest('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await app.rest('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('serves /config.json with the Cognito settings the SPA needs', async () => {
    const { status, body } = await app.rest('GET', '/config.json');
    expect(status).toBe(200);
    expect(body.cognito).toMatchObject({
      region: 'eu-central-1',
      clientId: expect.any(String),
      userPoolId: expect.any(String),
      endpoint: 'http://squad.test/cognito/',
      domain: 'http://squad.test',
    });
    expect(body.graphqlPath).toBe('/graphql');
  });

  it('offers Google sign-in only when the identity provider has Google', async () => {
    // The test app has no Google credentials: the SPA hides the button.
    expect((await app.rest('GET', '/config.json')).body.features).toMatchObject({ googleSignIn: false });
    const withGoogle = await startTestApp({
      env: { GOOGLE_CLIENT_ID: 'squad-test-google', GOOGLE_CLIENT_SECRET: 'not-a-secret' },
    });
    try {
      expect((await withGoogle.rest('GET', '/config.json')).body.features).toMatchObject({
        googleSignIn: true,
      });
    } finally {
      await withGoogle.close();
    }
    // An id without its secret cannot finish the code exchange: still no button.
    const halfGoogle = await startTestApp({ env: { GOOGLE_CLIENT_ID: 'squad-test-google' } });
    try {
      expect((await halfGoogle.rest('GET', '/config.json')).body.features).toMatchObject({
        googleSignIn: false,
      });
    } finally {
      await halfGoogle.close();
    }
  });

  it('publishes the signing keys as a JWKS with kid', async () => {
    const { body } = await app.rest('GET', '/.well-known/jwks.json');
    expect(body.keys.length).toBeGreaterThan(0);
    expect(body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(body.keys[0].d).toBeUndefined();
  });

  it('answers 401 with a JSON message on /private without a token', async () => {
    const res = await app.rest('GET', '/private/events/physical');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Oturum açmanız gerekiyor.' });
  });

  it('answers UNAUTHENTICATED for an @auth field without a token', async () => {
    const res = await app.gql('{ me { id } }');
    expectOneError(res, 'UNAUTHENTICATED');
  });

  it('lets anonymous callers read @public fields', async () => {
    const res = await app.gql('{ tokenPackages { id tokens price popular } }');
    expect(res.errors).toBeUndefined();
    expect(res.data.tokenPackages.map((p: { id: string }) => p.id)).toEqual([
      'starter',
      'popular',
      'pro',
      'enterprise',
    ]);
  });

  it('answers 401 when the token does not verify (expired, tampered, foreign)', async () => {
    const { sub } = await app.newIdentity();
    const expired = app.tokenFor({ sub, username: sub }, { ttlSeconds: -10 });
    const good = app.tokenFor({ sub, username: sub });
    const [h, p] = good.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url')}.${good.split('.')[2]}`;
    for (const token of [expired, tampered, 'abc.def.ghi', 'garbage']) {
      const res = await app.gql('{ me { id } }', undefined, { token });
      expect(res.status).toBe(401);
      expectOneError(res, 'UNAUTHENTICATED');
      const rest = await app.rest('GET', '/private/profile', { token });
      expect(rest.status).toBe(401);
    }
  });

  // A malformed request is a 400; a document GraphQL refuses is a 200 with errors in application/json
  // (no Accept here), as GraphQL over HTTP says (ADR 066; graphql-over-http.integration.test.ts).
  it('answers 400 with a code for malformed GraphQL requests, 200 with a code for refused documents', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const notJson = await post('{bad json');
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');

    const syntax = await post(JSON.stringify({ query: '{ me { id ' }));
    expect(syntax.status).toBe(200);
    expect((await syntax.json()).errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'GRAPHQL_PARSE_FAILED',
    });

    const unknown = await post(JSON.stringify({ query: '{ nope }' }));
    expect(unknown.status).toBe(200);
    expect((await unknown.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');

    const noQuery = await post(JSON.stringify({ variables: {} }));
    expect(noQuery.status).toBe(400);
  });

  it('enforces depth, alias and size limits', async () => {
    const deep = `{ me { badges { id } stats { eventsHosted } } events { edges { node { host { badges { id } } participants { user { stats { eventsHosted } badges { id } } } } } } }`;
    const ok = await app.gql(deep);
    expect(ok.status).not.toBe(500);
    let nested = 'id';
    for (let i = 0; i < 12; i++) nested = `event { ${nested} }`;
    // Refused by validation: 200 in application/json (ADR 066), 400 for the SPA's media type.
    const tooDeep = await app.gql(`{ tokenLedger { nodes { ${nested} } } }`);
    expect(tooDeep.status).toBe(200);
    expect(tooDeep.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: tokenPackages { id }`).join(' ');
    const tooManyAliases = await app.gql(`{ ${aliases} }`, undefined, {
      headers: { accept: 'application/graphql-response+json' },
    });
    expect(tooManyAliases.status).toBe(400);
    expect(tooManyAliases.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const huge = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ tokenPackages { id } }`, variables: { x: 'y'.repeat(400_000) } }),
    });
    expect(huge.status).toBe(413);
  });

  it('blocks simple GET requests (CSRF) and serves preflighted ones', async () => {
    const q = encodeURIComponent('{ tokenPackages { id } }');
    const simple = await fetch(`${app.baseUrl}/graphql?query=${q}`);
    expect(simple.status).toBe(400);
    const preflighted = await fetch(`${app.baseUrl}/graphql?query=${q}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(preflighted.status).toBe(200);
  });

  it('localizes errors to English when asked', async () => {
    const res = await app.gql('{ me { id } }', undefined, {
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(res.errors?.[0].message).toBe('You need to sign in.');
    const rest = await app.rest('GET', '/private/profile', { headers: { 'accept-language': 'en' } });
    expect(rest.body.message).toBe('You need to sign in.');
  });

  it('never answers a bad request with a 5xx', async () => {
    const user = await app.newUser();
    const auth = { authorization: `Bearer ${user.token}` };
    const cases: [string, string, Record<string, string>, string | undefined][] = [
      ['POST', '/graphql', { 'content-type': 'application/json' }, '[]'],
      ['POST', '/graphql', { 'content-type': 'application/json' }, 'null'],
      ['POST', '/graphql', { 'content-type': 'application/json' }, '{"query": 42}'],
      [
        'POST',
        '/graphql',
        { 'content-type': 'application/json' },
        '{"query": "{ me { id } }", "variables": "x"}',
      ],
      ['POST', '/graphql', { 'content-type': 'text/plain' }, '{ me { id } }'],
      ['POST', '/private/event', { 'content-type': 'application/json', ...auth }, '{oops'],
      ['POST', '/private/event', { 'content-type': 'application/json', ...auth }, '[1,2,3]'],
      [
        'POST',
        '/private/event',
        { 'content-type': 'application/json', ...auth },
        JSON.stringify({ type: 'physical', coordinates: ['a', 'b'], location: { lat: 'x' } }),
      ],
      ['GET', '/private/event/not-a-uuid', auth, undefined],
      ['GET', '/private/events/physical?lat=abc&lng=1', auth, undefined],
      ['GET', '/private/events/physical?limit=-4', auth, undefined],
      ['GET', '/private/nope', auth, undefined],
      ['PUT', '/graphql', {}, undefined],
    ];
    for (const [method, url, headers, body] of cases) {
      const res = await fetch(`${app.baseUrl}${url}`, { method, headers, body });
      expect(res.status, `${method} ${url} ${body}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url} ${body}`).toBeLessThan(500);
      const text = await res.text();
      expect(text.length, `${method} ${url}`).toBeGreaterThan(0);
    }
  });

  it('answers well-formed operations with invalid values with BAD_USER_INPUT (GraphQL execution errors, 200)', async () => {
    const user = await app.newUser();
    const queries = [
      '{ events(first: 0) { totalCount } }',
      '{ events(after: "zzz") { totalCount } }',
      '{ events(filter: {near: {lat: 999, lng: 0}}) { totalCount } }',
      '{ events(filter: {near: {lat: 41, lng: 29}, radiusKm: -3}) { totalCount } }',
      '{ tokenLedger(first: 0) { nodes { id } } }',
    ];
    for (const query of queries) {
      const res = await app.gql(query, undefined, { token: user.token });
      expect(res.status, query).toBe(200);
      expectOneError(res, 'BAD_USER_INPUT');
    }
    // A literal that a scalar rejects fails validation: 200 with the error in application/json (ADR 066).
    const badDate = await app.gql(
      'mutation { createEvent(input: {mode: ONLINE, title: "", description: "", category: "", tags: [], date: "2020-02-30", time: "25:00", durationMinutes: 7}) { event { id } } }',
      undefined,
      { token: user.token },
    );
    expect(badDate.status).toBe(200);
    expect(badDate.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers null for an id that cannot exist', async () => {
    const user = await app.newUser();
    const res = await app.gql('{ event(id: "not-a-uuid") { id } user(id: "x") { id } }', undefined, {
      token: user.token,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ event: null, user: null });
  });

  it('answers unknown API paths with JSON 404, not the SPA', async () => {
    const res = await app.rest('GET', '/private/does-not-exist', { token: (await app.newUser()).token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('echoes a request id', async () => {
    const res = await fetch(`${app.baseUrl}/healthz`, { headers: { 'x-request-id': 'abcdef1234567890' } });
    expect(res.headers.get('x-request-id')).toBe('abcdef1234567890');
    const generated = await fetch(`${app.baseUrl}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
