// GraphQL Config for tools that read it (the @graphql-eslint rules): the schema and where operations live.
export default {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.{ts,tsx}', 'server/rest/legacy-documents.ts'],
};
