import { execute, getVariableValues, Kind, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Context } from '#server/context/context.ts';
import { AppError, ErrorCode } from '#server/errors/app-error.ts';
import { planQuery, runPlan, type QueryPlan } from './query-plan.ts';

const badInput = (cause: unknown) => new AppError(ErrorCode.BAD_USER_INPUT, 'error.badRequest', { cause });

// Runs one of the REST shim's documents against the schema, in the request's context. The first
// error comes back as what a REST handler throws: the service's AppError, BAD_USER_INPUT for values
// GraphQL itself refused (a variable of the wrong type), anything else as it is (a 500, logged).
// Queries run through a plan made once per document (query-plan.ts, issue 31 point 1); mutations,
// whose fields run one after another, through graphql-js.
export function createGraphQLRunner(schema: GraphQLSchema) {
  const plans = new WeakMap<DocumentNode, QueryPlan | null>();
  return async function run<T>(
    document: DocumentNode,
    variables: Record<string, unknown>,
    context: Context,
  ): Promise<T> {
    let plan = plans.get(document);
    if (plan === undefined) {
      // The documents are the shim's own: one that does not fit the schema is a bug, not bad input.
      const errors = validate(schema, document);
      if (errors.length > 0) throw new Error(`REST document does not fit the schema: ${errors[0].message}`);
      plan = planQuery(schema, document);
      plans.set(document, plan);
    }
    if (plan) {
      const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
      if (coerced.errors) throw badInput(coerced.errors[0]);
      return (await runPlan(plan, coerced.coerced, context)) as T;
    }
    const result = await execute({ schema, document, variableValues: variables, contextValue: context });
    const first = result.errors?.[0];
    if (first) {
      const original = first.originalError;
      if (original instanceof AppError) throw original;
      // No path: the request itself was refused before any resolver ran (variables of the wrong type).
      if (!first.path) throw badInput(first);
      throw original ?? first;
    }
    return result.data as T;
  };
}
