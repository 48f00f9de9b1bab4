import crypto from 'node:crypto';
import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Issue 26 point 6 (ADR 066): /graphql follows the GraphQL-over-HTTP spec as graphql-http's own
// audits check it. With Accept: application/json a well-formed request that GraphQL refuses (parse,
// validation, variables) is a 200 with errors; with application/graphql-response+json (what the
// SPA's Apollo Client asks for) it stays a 400. CSRF prevention and persisted queries stay as they were.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const JSON_MEDIA = 'application/json';
const GRAPHQL_RESPONSE = 'application/graphql-response+json';

const post = (body: unknown, accept?: string) =>
  fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accept && { accept }) },
    body: JSON.stringify(body),
  });

describe('graphql-http serverAudits', () => {
  it('every MUST and every SHOULD passes', async () => {
    const audits = serverAudits({ url: `${app.baseUrl}/graphql` });
    const results = [];
    for (const audit of audits) {
      const result = await audit.fn();
      results.push({
        name: audit.name,
        status: result.status,
        reason: 'reason' in result ? result.reason : '',
      });
    }
    const must = results.filter((r) => r.name.startsWith('MUST'));
    const should = results.filter((r) => r.name.startsWith('SHOULD'));
    expect(must.length).toBeGreaterThan(10);
    expect(should.length).toBeGreaterThan(10);
    // MAY audits are notices (e.g. GET with variables: refused here without the CSRF preflight).
    expect([...must, ...should].filter((r) => r.status !== 'ok')).toEqual([]);
  });
});

describe('status codes by the answer’s media type', () => {
  const refused = [
    { what: 'a document that does not parse', body: { query: '{ me { id ' }, reason: 'GRAPHQL_PARSE_FAILED' },
    { what: 'a field that does not exist', body: { query: '{ nope }' }, reason: 'GRAPHQL_VALIDATION_FAILED' },
    {
      what: 'an operation name not in the document',
      body: { query: 'query A { tokenPackages { id } }', operationName: 'B' },
      reason: 'OPERATION_RESOLUTION_FAILURE',
    },
    {
      what: 'a variable of the wrong type',
      body: { query: 'query($id: ID!) { event(id: $id) { id } }', variables: { id: { not: 'an id' } } },
      reason: undefined,
    },
  ];

  it.each(refused)(
    '$what: 200 in application/json (no Accept too), 400 in graphql-response+json',
    async (c) => {
      for (const accept of [undefined, JSON_MEDIA, '*/*', `${JSON_MEDIA}, ${GRAPHQL_RESPONSE}`]) {
        const res = await post(c.body, accept);
        expect(res.status, String(accept)).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const body = await res.json();
        expect(body.data).toBeUndefined();
        expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
        expect(body.errors[0].extensions.reason).toBe(c.reason);
      }
      for (const accept of [GRAPHQL_RESPONSE, `${GRAPHQL_RESPONSE},${JSON_MEDIA};q=0.9`]) {
        const res = await post(c.body, accept);
        expect(res.status, accept).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
        expect((await res.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
      }
    },
  );

  it('malformed requests stay 4xx in both: a body that is not JSON, no query', async () => {
    for (const accept of [JSON_MEDIA, GRAPHQL_RESPONSE]) {
      const notJson = await fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept },
        body: '{bad json',
      });
      expect(notJson.status).toBe(400);
      expect((await post({ variables: {} }, accept)).status).toBe(400);
    }
  });

  it('an error raised while executing (signed out) keeps its 200 with data, as before', async () => {
    const res = await post({ query: '{ me { id } }' }, JSON_MEDIA);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('CSRF prevention still refuses a simple GET; a preflighted GET runs', async () => {
    const q = encodeURIComponent('{ tokenPackages { id } }');
    for (const accept of [JSON_MEDIA, GRAPHQL_RESPONSE]) {
      const simple = await fetch(`${app.baseUrl}/graphql?query=${q}`, { headers: { accept } });
      expect(simple.status).toBe(400);
    }
    const preflighted = await fetch(`${app.baseUrl}/graphql?query=${q}`, {
      headers: { 'apollo-require-preflight': 'true', accept: JSON_MEDIA },
    });
    expect(preflighted.status).toBe(200);
  });

  it('automatic persisted queries: unknown hash, then registered with its text, then by hash alone', async () => {
    const query = `{ tokenPackages { id } __typename }`;
    const sha256Hash = crypto.createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const unknown = await post({ extensions }, JSON_MEDIA);
    const unknownBody = await unknown.json();
    expect(unknownBody.errors[0].message).toBe('PersistedQueryNotFound');
    expect(unknownBody.errors[0].extensions.reason).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await post({ query, extensions }, JSON_MEDIA)).status).toBe(200);
    const byHash = await post({ extensions }, GRAPHQL_RESPONSE);
    expect(byHash.status).toBe(200);
    expect((await byHash.json()).data.__typename).toBe('Query');
  });
});
