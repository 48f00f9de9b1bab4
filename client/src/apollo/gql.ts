import { Kind, parse, type DefinitionNode, type DocumentNode } from 'graphql';

// The app's `gql` tag: like Apollo's (graphql-tag), but a document is parsed when it is first used,
// not when its module loads. A page's modules define dozens of mutations and fragments it may never
// send; parsing them all at start was a long task on a phone (ADR 050). Interpolated documents
// (fragments) are appended, each fragment once, as graphql-tag does with their text.
export function gql(literals: TemplateStringsArray, ...included: DocumentNode[]): DocumentNode {
  const source = literals.join('');
  let definitions: readonly DefinitionNode[] | undefined;
  const document = {
    kind: Kind.DOCUMENT,
    get definitions(): readonly DefinitionNode[] {
      definitions ??= withIncluded(parse(source, { noLocation: true }).definitions, included);
      return definitions;
    },
  };
  return document as DocumentNode;
}

function withIncluded(own: readonly DefinitionNode[], included: DocumentNode[]): DefinitionNode[] {
  const out = [...own];
  const fragments = new Set(own.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [d.name.value] : [])));
  for (const doc of included) {
    for (const definition of doc.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        if (fragments.has(definition.name.value)) continue;
        fragments.add(definition.name.value);
      }
      out.push(definition);
    }
  }
  return out;
}
