import {
  buildSchema as buildSdl,
  execute,
  GraphQLEnumType,
  GraphQLScalarType,
  Kind,
  OperationTypeNode,
  parse,
  type DocumentNode,
  type GraphQLObjectType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Context } from '#server/context/context.ts';
import { buildSchema } from '#server/app/graphql-schema.ts';
import * as documents from './legacy-documents.ts';
import { planQuery, runPlan } from './query-plan.ts';

// A small schema with what the REST documents use: enums with internal values, a custom scalar,
// lists, nested objects, default arguments, async resolvers, fragments and aliases.
const toy = buildSdl(`
  enum Mode { PHYSICAL ONLINE }
  scalar Stamp
  type User { id: ID! name: String avatar(size: Int = 64): String tags: [String!]! }
  type Event { id: ID! mode: Mode! at: Stamp host: User! guests: [User!]! note: String }
  type Query { events(first: Int, mode: Mode): [Event!]! }
`);
const field = (type: string, name: string) => (toy.getType(type) as GraphQLObjectType).getFields()[name];
(toy.getType('Mode') as GraphQLEnumType).getValue('PHYSICAL')!.value = 'physical';
(toy.getType('Mode') as GraphQLEnumType).getValue('ONLINE')!.value = 'online';
Object.assign(toy.getType('Stamp') as GraphQLScalarType, {
  serialize: (d: unknown) => (d instanceof Date ? d.toISOString() : d),
});
const calls: string[] = [];
const users = new Map([
  ['u1', { id: 'u1', name: 'Ayşe', tags: ['a'] }],
  ['u2', { id: 'u2', name: null, tags: [] }],
]);
field('Query', 'events').resolve = async (_s, args: { first: number; mode: string }) =>
  Array.from({ length: args.first }, (_, i) => ({
    id: `e${i}`,
    mode: args.mode,
    at: new Date(Date.UTC(2026, 10, 27, i)),
    hostId: i % 2 ? 'u1' : 'u2',
  }));
field('Event', 'host').resolve = (e: { id: string; hostId: string }) => {
  calls.push(`host ${e.id}`);
  return Promise.resolve(users.get(e.hostId));
};
field('Event', 'guests').resolve = (e: { id: string }) => (e.id === 'e0' ? [] : [...users.values()]);
field('User', 'avatar').resolve = (u: { id: string }, args: { size: number }) => `${u.id}@${args.size}`;

const TOY_QUERY = parse(`
  query Toy($first: Int, $mode: Mode) { events(first: $first, mode: $mode) { ...E } }
  fragment E on Event { id mode at note host { ...U big: avatar(size: 128) } guests { ...U } }
  fragment U on User { id name avatar tags }
`);
const ctx = {} as Context;

describe('REST query plans', () => {
  it('answer what graphql-js answers: enum names, scalars, lists, defaults, aliases, nulls', async () => {
    const plan = planQuery(toy, TOY_QUERY)!;
    const variables = { first: 3, mode: 'online' };
    const expected = await execute({
      schema: toy,
      document: TOY_QUERY,
      variableValues: { first: 3, mode: 'ONLINE' },
    });
    expect(expected.errors).toBeUndefined();
    const data = await runPlan(plan, variables, ctx);
    expect(JSON.stringify(data)).toBe(JSON.stringify(expected.data));
    expect(JSON.stringify(data)).toContain('"mode":"ONLINE","at":"2026-11-27T02:00:00.000Z"');
  });

  it("ask every row's fields before awaiting any, so loaders batch a page", async () => {
    calls.length = 0;
    const order: string[] = [];
    const original = field('Event', 'host').resolve!;
    field('Event', 'host').resolve = async (...args) => {
      order.push('asked');
      const user = await original(...args);
      order.push('answered');
      return user;
    };
    try {
      await runPlan(planQuery(toy, TOY_QUERY)!, { first: 4, mode: 'physical' }, ctx);
    } finally {
      field('Event', 'host').resolve = original;
    }
    expect(order).toEqual([
      'asked',
      'asked',
      'asked',
      'asked',
      'answered',
      'answered',
      'answered',
      'answered',
    ]);
  });

  it("reject with a resolver's own error, and on null for a non-null field", async () => {
    const original = field('Event', 'host').resolve!;
    const refused = new Error('refused');
    field('Event', 'host').resolve = () => Promise.reject(refused);
    try {
      await expect(runPlan(planQuery(toy, TOY_QUERY)!, { first: 2, mode: 'physical' }, ctx)).rejects.toBe(
        refused,
      );
      field('Event', 'host').resolve = () => null;
      await expect(runPlan(planQuery(toy, TOY_QUERY)!, { first: 2, mode: 'physical' }, ctx)).rejects.toThrow(
        /non-null/,
      );
    } finally {
      field('Event', 'host').resolve = original;
    }
  });

  it('cover every REST query document; mutations and inline fragments stay with graphql-js', () => {
    const schema = buildSchema();
    const docs = Object.entries(documents as Record<string, DocumentNode>);
    const isQuery = (doc: DocumentNode) =>
      doc.definitions.some(
        (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === OperationTypeNode.QUERY,
      );
    const queries = docs.filter(([, doc]) => isQuery(doc));
    expect(queries.map(([name]) => name)).toContain('LegacyEventListQuery');
    for (const [name, doc] of docs)
      expect([name, planQuery(schema, doc) !== null]).toEqual([name, isQuery(doc)]);
    expect(planQuery(toy, parse('{ events(first: 1) { ... on Event { id } } }'))).toBeNull();
  });
});
