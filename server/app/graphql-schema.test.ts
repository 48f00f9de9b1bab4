import {
  type GraphQLResolveInfo,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
} from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { SchemaSecurityError } from '#server/auth/directives.ts';
import { buildSchema, loadTypeDefs } from './graphql-schema.ts';

describe('schema.graphql', () => {
  const schema = buildSchema();

  it('documents every type, field, argument, input field and enum value', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name))
        continue;
      if (!type.description) missing.push(type.name);
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description) missing.push(`${type.name}.${field.name}`);
          for (const arg of 'args' in field ? field.args : []) {
            if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
      if (isEnumType(type)) {
        for (const value of type.getValues())
          if (!value.description) missing.push(`${type.name}.${value.name}`);
      }
      if (isUnionType(type) || isScalarType(type)) continue;
    }
    expect(missing).toEqual([]);
  });

  it('lets only operators through an @auth(requires: ADMIN) field', async () => {
    const field = schema.getMutationType()!.getFields().refundTokenPurchase;
    const refund = vi.fn(async () => ({ id: 'p1' }));
    const ctx = (role: 'user' | 'admin' | null) => ({
      viewer: role && { id: 'u1', role },
      services: { payments: { refund } },
    });
    const call = (role: 'user' | 'admin' | null) =>
      Promise.resolve().then(() =>
        field.resolve!({}, { input: { purchaseId: 'p1' } }, ctx(role), {} as GraphQLResolveInfo),
      );
    await expect(call(null)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(call('user')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(refund).not.toHaveBeenCalled();
    await expect(call('admin')).resolves.toEqual({ purchase: { id: 'p1' } });
    expect(refund).toHaveBeenCalledTimes(1);

    // A plain @auth field (its role is the declared default) lets any signed-in user through.
    const me = schema.getQueryType()!.getFields().me;
    const viewer = { id: 'u1', role: 'user' };
    const user = { id: 'u1' };
    const meCtx = { viewer, loaders: { user: { load: vi.fn(async () => user) } } };
    await expect(
      Promise.resolve().then(() => me.resolve!({}, {}, meCtx, {} as GraphQLResolveInfo)),
    ).resolves.toBe(user);
  });

  it('refuses to start when a root field has neither @auth nor @public', () => {
    const typeDefs = loadTypeDefs().replace(
      'tokenPackages: [TokenPackage!]! @public',
      'tokenPackages: [TokenPackage!]!',
    );
    expect(() => buildSchema(typeDefs)).toThrow(SchemaSecurityError);
    expect(() => buildSchema(typeDefs)).toThrow(/Query\.tokenPackages/);
  });
});
