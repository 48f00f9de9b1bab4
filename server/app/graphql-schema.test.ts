import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
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

  it('refuses to start when a root field has neither @auth nor @public', () => {
    const typeDefs = loadTypeDefs().replace(
      'tokenPackages: [TokenPackage!]! @public',
      'tokenPackages: [TokenPackage!]!',
    );
    expect(() => buildSchema(typeDefs)).toThrow(SchemaSecurityError);
    expect(() => buildSchema(typeDefs)).toThrow(/Query\.tokenPackages/);
  });
});
