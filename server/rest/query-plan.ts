import {
  defaultFieldResolver,
  getArgumentValues,
  getNullableType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Context } from '#server/context/context.ts';

// The REST shim's queries, run through the schema's own resolvers without graphql-js's executor
// (issue 31 point 1, ADR 074 "REST shim cut"). The documents are fixed and validated once, so the
// per-field work graphql-js repeats on every request (collecting fields, looking up definitions,
// coercing empty argument lists, building paths and info) is done once per document here. Only
// what these documents use is planned: object, list, scalar and enum fields, fragment spreads,
// aliases; anything else (abstract types, directives, mutations) leaves the document to graphql-js.

type Variables = Record<string, unknown>;
type Completer = (value: unknown, ctx: Context, variables: Variables) => unknown;
type PlannedField = {
  key: string;
  resolve: GraphQLFieldResolver<unknown, Context>;
  // The arguments when the field has none written (their defaults only): the same on every call.
  args: Record<string, unknown> | null;
  def: GraphQLField<unknown, unknown>;
  node: FieldNode;
  info: GraphQLResolveInfo;
  complete: Completer;
};
export type QueryPlan = PlannedField[];

class Unplannable extends Error {}

// A field failed while others were still on their way: theirs is the same request's failure, not
// an unhandled rejection.
const settle = (values: unknown[]) => {
  for (const v of values) if (isPromise(v)) v.catch(() => undefined);
};

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

function fieldNodes(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  out: FieldNode[] = [],
): FieldNode[] {
  for (const selection of selectionSet.selections) {
    if (selection.directives?.length) throw new Unplannable('directive');
    if (selection.kind === Kind.FIELD) out.push(selection);
    else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments.get(selection.name.value);
      if (!fragment) throw new Unplannable('fragment');
      fieldNodes(fragment.selectionSet, fragments, out);
    } else throw new Unplannable('inline fragment');
  }
  return out;
}

// Completes a value the way graphql-js does for these types: null stays null (a non-null field
// fails), lists item by item, leaves through their serializer (enum names, DateTime strings).
function completer(
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  plan: (parent: GraphQLObjectType, set: SelectionSetNode) => PlannedField[],
): Completer {
  if (isNonNullType(type)) {
    const inner = completer(getNullableType(type), selectionSet, plan);
    return (value, ctx, variables) => {
      if (value === null || value === undefined) throw new Error('REST shim: null for a non-null field');
      return inner(value, ctx, variables);
    };
  }
  if (isListType(type)) {
    const item = completer(type.ofType, selectionSet, plan);
    return (value, ctx, variables) => {
      if (value === null || value === undefined) return null;
      let pending = false;
      const items: unknown[] = [];
      try {
        for (const v of value as Iterable<unknown>) {
          const completed = item(v, ctx, variables);
          if (isPromise(completed)) pending = true;
          items.push(completed);
        }
      } catch (error) {
        settle(items);
        throw error;
      }
      return pending ? Promise.all(items) : items;
    };
  }
  if (isLeafType(type)) {
    return (value) => (value === null || value === undefined ? null : type.serialize(value));
  }
  if (isObjectType(type) && selectionSet) {
    const fields = plan(type, selectionSet);
    return (value, ctx, variables) =>
      value === null || value === undefined ? null : executeFields(fields, value, ctx, variables);
  }
  throw new Unplannable(`type ${String(type)}`);
}

// Every field of one object is resolved before any is awaited, as graphql-js does, so the loaders
// batch a page's hosts (and so on) into one statement.
function executeFields(fields: PlannedField[], source: unknown, ctx: Context, variables: Variables) {
  const out: Record<string, unknown> = {};
  const pending: Promise<void>[] = [];
  try {
    for (const field of fields) {
      const args = field.args ?? getArgumentValues(field.def, field.node, variables);
      const resolved = field.resolve(source, args, ctx, field.info);
      const value = isPromise(resolved)
        ? resolved.then((v) => field.complete(v, ctx, variables))
        : field.complete(resolved, ctx, variables);
      out[field.key] = value;
      if (isPromise(value)) pending.push(value.then((v) => void (out[field.key] = v)));
    }
  } catch (error) {
    settle(pending);
    throw error;
  }
  return pending.length > 0 ? Promise.all(pending).then(() => out) : out;
}

// A plan for a query document, or null when it uses what the plan does not cover.
export function planQuery(schema: GraphQLSchema, document: DocumentNode): QueryPlan | null {
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  const root = schema.getQueryType();
  if (!operation || operation.operation !== OperationTypeNode.QUERY || !root) return null;
  const fragments = new Map(
    document.definitions
      .filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d] as const),
  );
  const fragmentMap = Object.fromEntries(fragments);
  const plan = (parent: GraphQLObjectType, set: SelectionSetNode): PlannedField[] =>
    fieldNodes(set, fragments).map((node) => {
      const name = node.name.value;
      const def = parent.getFields()[name];
      if (!def) throw new Unplannable(`field ${parent.name}.${name}`);
      return {
        key: node.alias?.value ?? name,
        resolve: (def.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<unknown, Context>,
        args: node.arguments?.length ? null : getArgumentValues(def, node),
        def,
        node,
        info: {
          fieldName: name,
          fieldNodes: [node],
          returnType: def.type,
          parentType: parent,
          schema,
          fragments: fragmentMap,
          operation,
        } as unknown as GraphQLResolveInfo,
        complete: completer(def.type, node.selectionSet, plan),
      };
    });
  try {
    return plan(root, operation.selectionSet);
  } catch (error) {
    if (error instanceof Unplannable) return null;
    throw error;
  }
}

// Runs a plan with the variables graphql-js coerced; resolves to the data, rejects with the first
// error a resolver threw.
export async function runPlan(plan: QueryPlan, variables: Variables, ctx: Context): Promise<unknown> {
  return executeFields(plan, undefined, ctx, variables);
}
