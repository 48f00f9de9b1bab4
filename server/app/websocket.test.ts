import { describe, expect, it } from 'vitest';
import { buildSchema } from './graphql-schema.ts';
import { limitRules } from './limits.ts';
import { documentCache, tokenFromConnectionParams } from './websocket.ts';

describe('subscription documents', () => {
  const schema = buildSchema();
  const SUB = 'subscription { tokenBalanceChanged { balance } }';

  it('parses and validates a text once and shares its tree', () => {
    const documentFor = documentCache(schema, limitRules());
    const first = documentFor(SUB);
    expect('kind' in first && first.kind).toBe('Document');
    expect(documentFor(SUB)).toBe(first);
    // Another text is another tree.
    expect(documentFor(`${SUB} `)).not.toBe(first);
  });

  it('answers syntax and validation errors every time, without keeping them', () => {
    const documentFor = documentCache(schema, limitRules());
    const broken = documentFor('subscription {');
    expect(Array.isArray(broken) && broken[0].message).toMatch(/Syntax Error/);
    const unknown = documentFor('subscription { noSuchField }');
    expect(Array.isArray(unknown) && unknown[0].message).toMatch(/noSuchField/);
    expect(documentFor('subscription { noSuchField }')).not.toBe(unknown);
    // The codes Apollo gives the same errors over HTTP.
    expect(Array.isArray(broken) && broken[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(Array.isArray(unknown) && unknown[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('keeps at most 200 texts, dropping the oldest', () => {
    const documentFor = documentCache(schema, limitRules());
    const first = documentFor(SUB);
    for (let i = 0; i < 200; i++) documentFor(`${SUB} # ${i}`);
    expect(documentFor(SUB)).not.toBe(first);
  });
});

describe('tokenFromConnectionParams', () => {
  it('reads the token from every shape clients send', () => {
    expect(tokenFromConnectionParams({ Authorization: 'Bearer abc' })).toBe('abc');
    expect(tokenFromConnectionParams({ headers: { authorization: 'Bearer def' } })).toBe('def');
    expect(tokenFromConnectionParams({ token: 'ghi' })).toBe('ghi');
    expect(tokenFromConnectionParams({})).toBeUndefined();
    expect(tokenFromConnectionParams(null)).toBeUndefined();
  });
});
