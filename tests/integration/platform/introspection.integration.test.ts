import { buildClientSchema, getIntrospectionQuery, printSchema, type IntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// The standard introspection query (what GraphiQL and codegen send) answers without errors, and its
// answer builds a client schema: @auth's `requires: Role = USER` was serialised with the enum's
// internal value and failed (`Enum "Role" cannot represent value: "USER"`, issue 28).
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { GRAPHQL_INTROSPECTION: 'signed-in' } });
});
afterAll(() => app?.close());

describe('introspection', () => {
  it.each([
    ['default options', getIntrospectionQuery()],
    [
      "GraphiQL's options",
      getIntrospectionQuery({
        descriptions: true,
        specifiedByUrl: true,
        directiveIsRepeatable: true,
        schemaDescription: true,
        inputValueDeprecation: true,
      }),
    ],
  ])('answers the standard query with no errors (%s)', async (_name, query) => {
    const user = await app.newUser();
    const res = await app.gql<IntrospectionQuery>(query, undefined, { token: user.token });
    expect(res.errors).toBeUndefined();
    expect(res.status).toBe(200);

    const auth = res.data.__schema.directives.find((d) => d.name === 'auth')!;
    expect(auth.args.map((a) => [a.name, a.defaultValue])).toEqual([
      ['requires', 'USER'],
      ['allowSuspended', 'false'],
    ]);

    const client = buildClientSchema(res.data);
    expect(client.getQueryType()?.name).toBe('Query');
    const sdl = printSchema(client);
    expect(sdl).toContain('requires: Role = USER');
    // Field arguments' enum defaults go out by name as well.
    expect(sdl).toMatch(/status: ReportStatus = OPEN/);
  });
});
