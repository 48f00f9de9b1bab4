import { BREAK, GraphQLError, visit, type DocumentNode } from 'graphql';
import type { Viewer } from '#server/context/viewer.ts';
import { ErrorCode, forbidden, unauthenticated } from '#server/errors/app-error.ts';
import type { Config } from '#server/lib/config.ts';

// Apollo keeps one parsed document per query text, so each is walked once.
const asked = new WeakMap<DocumentNode, boolean>();

export function asksForSchema(document: DocumentNode): boolean {
  let found = asked.get(document);
  if (found === undefined) {
    found = walk(document);
    asked.set(document, found);
  }
  return found;
}

function walk(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

// GRAPHQL_INTROSPECTION: `public`, `signed-in` (production's default) or `off`. __typename is always
// allowed; the schema and its types only as configured (ADR 031).
export function introspectionRefusal(
  document: DocumentNode,
  viewer: Viewer | null,
  mode: Config['introspection'],
): GraphQLError | null {
  if (mode === 'public' || !asksForSchema(document)) return null;
  if (mode === 'signed-in' && viewer) return null;
  const err = mode === 'signed-in' ? unauthenticated() : forbidden();
  return new GraphQLError(err.localizedMessage(), {
    extensions: {
      code: err.code,
      http: { status: err.code === ErrorCode.UNAUTHENTICATED ? 401 : 403 },
    },
  });
}
