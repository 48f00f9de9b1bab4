import { getDirective, MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, isObjectType, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import type { Context } from '#server/context/context.ts';
import { forbidden, unauthenticated } from '#server/errors/app-error.ts';
import { suspendedError, isSuspended } from './suspension.ts';
import { enumValues, type Role } from '#server/modules/enum-values.ts';

export class SchemaSecurityError extends Error {}

const ROOTS = ['Query', 'Mutation', 'Subscription'] as const;

// Secure by default: every root field must say @auth or @public. Returns the offenders.
export function unmarkedRootFields(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  for (const rootName of ROOTS) {
    const root = schema.getType(rootName);
    if (!isObjectType(root)) continue;
    for (const field of Object.values(root.getFields())) {
      const auth = getDirective(schema, field, 'auth');
      const pub = getDirective(schema, field, 'public');
      if (!auth?.length && !pub?.length) missing.push(`${rootName}.${field.name}`);
      if (auth?.length && pub?.length) missing.push(`${rootName}.${field.name} (both @auth and @public)`);
    }
  }
  return missing;
}

export function assertSchemaIsSecure(schema: GraphQLSchema): void {
  const missing = unmarkedRootFields(schema);
  if (missing.length > 0) {
    throw new SchemaSecurityError(
      `Refusing to start: these fields need @auth or @public in schema.graphql: ${missing.join(', ')}`,
    );
  }
}

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

// Signed in, not suspended (unless the field is one a suspended user needs: why, and the appeal),
// and at least the required role. Admins may do what moderators may.
function guard(ctx: Context, requires: Role, allowSuspended: boolean) {
  if (!ctx.viewer) throw unauthenticated();
  if (!allowSuspended && isSuspended(ctx.viewer, ctx.now)) throw suspendedError(ctx.viewer);
  if (RANK[ctx.viewer.role] < RANK[requires]) throw forbidden();
}

// getDirective hands arguments over as the enum's internal value ('admin'; the declared default too
// since buildSchema rewrites directive defaults); a name ('USER') is still understood.
function roleOf(value: string | undefined): Role {
  if (value === undefined || value === 'USER' || value === enumValues.Role.USER) return enumValues.Role.USER;
  if (value === 'MODERATOR' || value === enumValues.Role.MODERATOR) return enumValues.Role.MODERATOR;
  if (value === 'ADMIN' || value === enumValues.Role.ADMIN) return enumValues.Role.ADMIN;
  // An unknown role guards as the strictest one rather than letting anyone in.
  return enumValues.Role.ADMIN;
}

// Wraps resolve (and subscribe) of every @auth field with the check, before any resolver code runs.
export function applyAuthDirectives(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.ROOT_FIELD]: (fieldConfig: GraphQLFieldConfig<unknown, Context>) => {
      const auth = getDirective(schema, fieldConfig, 'auth')?.[0] as
        { requires?: string; allowSuspended?: boolean } | undefined;
      if (!auth) return fieldConfig;
      const requires = roleOf(auth.requires);
      const allowSuspended = auth.allowSuspended === true;
      const resolve = fieldConfig.resolve ?? defaultFieldResolver;
      const subscribe = fieldConfig.subscribe;
      return {
        ...fieldConfig,
        resolve(source, args, ctx: Context, info) {
          guard(ctx, requires, allowSuspended);
          return resolve(source, args, ctx, info);
        },
        ...(subscribe && {
          subscribe(source, args, ctx: Context, info) {
            guard(ctx, requires, allowSuspended);
            return subscribe(source, args, ctx, info);
          },
        }),
      };
    },
  });
}
