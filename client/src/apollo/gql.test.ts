import { gql as apolloGql } from '@apollo/client';
import { print, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { gql } from './gql.ts';

// The tags are called as functions here: written as tagged templates, these test documents would be
// taken for the app's own by codegen and the GraphQL lint.
type Tag = (literals: TemplateStringsArray, ...docs: DocumentNode[]) => DocumentNode;
const call = (tag: Tag, parts: string[], ...docs: DocumentNode[]) =>
  tag(Object.assign([...parts], { raw: [...parts] }), ...docs);

const USER = 'fragment User_user on User { id displayName }';
const EVENT = 'fragment Event_event on Event { id host { ...User_user } }';
const QUERY = 'query Q { events { ...Event_event host { ...User_user } } }';

describe('gql', () => {
  it('parses on first use, not when defined', () => {
    const broken = call(gql, ['query Broken {']);
    expect(broken.kind).toBe('Document');
    expect(() => broken.definitions).toThrow(/Syntax Error/);
  });

  it('prints what graphql-tag prints, each included fragment once', () => {
    const user = call(gql, [USER]);
    const event = call(gql, [EVENT, ''], user);
    const query = call(gql, [QUERY, '', ''], event, user);
    const apolloUser = call(apolloGql, [USER]);
    const expected = call(apolloGql, [QUERY, '', ''], call(apolloGql, [EVENT, ''], apolloUser), apolloUser);
    expect(print(query)).toBe(print(expected));
    const names = query.definitions.map((d) => ('name' in d ? d.name?.value : undefined));
    expect(names).toEqual(['Q', 'Event_event', 'User_user']);
    // The same objects on every read (Apollo keys its caches by them).
    expect(query.definitions).toBe(query.definitions);
  });
});
