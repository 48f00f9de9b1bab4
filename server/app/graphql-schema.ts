import fs from 'node:fs';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { applyAuthDirectives, assertSchemaIsSecure } from '#server/auth/directives.ts';
import { paths } from '#server/lib/paths.ts';
import { allResolvers } from '#server/modules/resolvers.ts';

export function loadTypeDefs(file = paths.schema): string {
  return fs.readFileSync(file, 'utf8');
}

// schema.graphql + every module's resolvers, checked (each root field says @auth or @public) and
// with the auth guard wrapped around every @auth field.
export function buildSchema(typeDefs = loadTypeDefs()): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: allResolvers(),
    inheritResolversFromInterfaces: true,
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  assertSchemaIsSecure(schema);
  return applyAuthDirectives(schema);
}
