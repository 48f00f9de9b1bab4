import fs from 'node:fs';
import { makeExecutableSchema } from '@graphql-tools/schema';
import {
  getNamedType,
  GraphQLDirective,
  GraphQLSchema,
  isEnumType,
  type GraphQLArgumentConfig,
} from 'graphql';
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
  return applyAuthDirectives(withInternalDirectiveDefaults(schema));
}

// The resolvers map enum names to stored values (USER -> 'user'); graphql-tools then rewrites the
// default values of field arguments and input fields to the internal value, but not those of
// directive arguments, so `@auth(requires: Role = USER)` kept 'USER' where 'user' belongs and
// introspection could not serialise it (`Enum "Role" cannot represent value: "USER"`).
export function withInternalDirectiveDefaults(schema: GraphQLSchema): GraphQLSchema {
  let changed = false;
  const directives = schema.getDirectives().map((directive) => {
    const config = directive.toConfig();
    let touched = false;
    const args: Record<string, GraphQLArgumentConfig> = {};
    for (const [name, arg] of Object.entries(config.args)) {
      const type = getNamedType(arg.type);
      let defaultValue = arg.defaultValue;
      if (isEnumType(type) && defaultValue !== undefined) {
        const internal = (v: unknown): unknown =>
          typeof v === 'string' ? ((type.getValue(v)?.value as unknown) ?? v) : v;
        defaultValue = Array.isArray(defaultValue) ? defaultValue.map(internal) : internal(defaultValue);
      }
      if (defaultValue !== arg.defaultValue) touched = true;
      args[name] = { ...arg, defaultValue };
    }
    if (!touched) return directive;
    changed = true;
    return new GraphQLDirective({ ...config, args });
  });
  return changed ? new GraphQLSchema({ ...schema.toConfig(), directives }) : schema;
}
