import { Kind, type DocumentNode } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '#server/app/graphql-schema.ts';
import * as documents from './legacy-documents.ts';

// Every document of the REST shim compiles (graphql-jit) against today's schema, queries and
// mutations alike: a document that stops compiling fails here, not on a user's first request.
describe('the REST shim documents', () => {
  it('all compile against the schema', () => {
    const schema = buildSchema();
    const docs = Object.entries(documents as Record<string, DocumentNode>).filter(([, doc]) =>
      doc.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION),
    );
    expect(docs.map(([name]) => name)).toContain('LegacyEventListQuery');
    for (const [name, doc] of docs)
      expect([name, isCompiledQuery(compileQuery(schema, doc))]).toEqual([name, true]);
  });
});
