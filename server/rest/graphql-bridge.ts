import { validate, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Context } from '#server/context/context.ts';
import { AppError, ErrorCode } from '#server/errors/app-error.ts';

// Runs one of the REST shim's documents against the schema, in the request's context. The first
// error comes back as what a REST handler throws: the service's AppError, BAD_USER_INPUT for values
// GraphQL itself refused (a variable of the wrong type), anything else as it is (a 500, logged).
// Each document is validated and compiled once (graphql-jit, issue 31 point 1, ADR 074): the shim's
// documents are fixed, so graphql-js's per-request walk of them is work done again on every call.
export function createGraphQLRunner(schema: GraphQLSchema) {
  const compiled = new WeakMap<DocumentNode, CompiledQuery>();
  const compile = (document: DocumentNode): CompiledQuery => {
    // The documents are the shim's own: one that does not fit the schema is a bug, not bad input.
    const errors = validate(schema, document);
    if (errors.length > 0) throw new Error(`REST document does not fit the schema: ${errors[0].message}`);
    const query = compileQuery(schema, document);
    if (!isCompiledQuery(query))
      throw new Error(`REST document does not compile: ${query.errors?.[0]?.message}`);
    compiled.set(document, query);
    return query;
  };
  return async function run<T>(
    document: DocumentNode,
    variables: Record<string, unknown>,
    context: Context,
  ): Promise<T> {
    const query = compiled.get(document) ?? compile(document);
    const result: ExecutionResult = await query.query(undefined, context, variables);
    const first = result.errors?.[0];
    if (first) {
      const original = first.originalError;
      if (original instanceof AppError) throw original;
      // No path: the request itself was refused before any resolver ran (variables of the wrong type).
      if (!first.path) throw new AppError(ErrorCode.BAD_USER_INPUT, 'error.badRequest', { cause: first });
      throw original ?? first;
    }
    return result.data as T;
  };
}
