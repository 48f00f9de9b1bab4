import path from 'node:path';
import js from '@eslint/js';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Module boundaries (HOUSE-STYLE 12): a client feature never imports another feature (whatever the
// folder: events, wizard, join-requests, ratings, messages, safety, …); a server module uses another
// module only through its service (or its pure catalog/mapper/enum files).
const boundaries = {
  rules: {
    'module-boundaries': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename.replaceAll('\\', '/');
        const feature = /\/client\/src\/features\/([^/]+)\//.exec(file)?.[1];
        const serverModule = /\/server\/modules\/([^/]+)\//.exec(file)?.[1];
        // The feature an import points into: `#client/features/<f>/…`, or a relative path that climbs
        // out of this feature's folder into another one.
        const targetFeature = (source) => {
          const absolute = /^#client\/features\/([^/]+)\//.exec(source)?.[1];
          if (absolute || !source.startsWith('.')) return absolute;
          const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
          return /\/client\/src\/features\/([^/]+)\//.exec(resolved)?.[1];
        };
        const check = (node, sourceNode) => {
          if (!sourceNode || typeof sourceNode.value !== 'string') return;
          const source = sourceNode.value;
          if (feature) {
            const target = targetFeature(source);
            if (target && target !== feature) {
              context.report({
                node,
                message: `Feature "${feature}" must not import feature "${target}"; compose them in a route.`,
              });
            }
          }
          if (serverModule) {
            const m = /^#server\/modules\/([^/]+)\/[^/]+\.(repository|resolvers)\.ts$/.exec(source);
            if (m && m[1] !== serverModule) {
              context.report({
                node,
                message: `Module "${serverModule}" must use module "${m[1]}" through its service, not its ${m[2]}.`,
              });
            }
          }
          if (
            file.includes('/server/') &&
            !/\.(service|repository)\.ts$/.test(file) &&
            /\.repository\.ts$/.test(source)
          ) {
            context.report({ node, message: 'Only services use repositories.' });
          }
        };
        // Static imports, re-exports (`export … from`) and dynamic import() all count.
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '**/__generated__/**',
      'coverage/**',
      '.data*/**',
      'db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { squad: boundaries },
    rules: {
      'squad/module-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // Type-aware rules (floating promises, unsafe any, needless assertions …) on everything TypeScript.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Async functions that implement promise-returning interfaces need no await inside.
      '@typescript-eslint/require-await': 'off',
      // React calls event handlers and ignores their result; an async handler is fine there (its own
      // try/catch reports failures). Elsewhere a promise where nothing awaits it is still an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // react-router's loaders throw the Response that redirect() builds (its documented API).
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // GraphQL documents inside the client's code and the REST shim's, checked against schema.graphql
  // (graphql.config.js): known fields and types, naming, no unused fragments or variables.
  {
    files: ['client/src/**/*.{ts,tsx}', 'server/rest/legacy-documents.ts'],
    ignores: ['**/__generated__/**'],
    processor: graphqlPlugin.processor,
  },
  {
    files: ['client/src/**/*.graphql', 'server/rest/**/*.graphql'],
    languageOptions: { parser: graphqlPlugin.parser },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/operations-recommended'].rules,
      // HOUSE-STYLE 14 and 10: operations carry their role suffix, fragments are ComponentName_prop.
      '@graphql-eslint/naming-convention': [
        'error',
        {
          VariableDefinition: 'camelCase',
          'OperationDefinition[operation=query]': { style: 'PascalCase', requiredSuffixes: ['Query'] },
          'OperationDefinition[operation=mutation]': { style: 'PascalCase', requiredSuffixes: ['Mutation'] },
          'OperationDefinition[operation=subscription]': {
            style: 'PascalCase',
            requiredSuffixes: ['Subscription'],
          },
          FragmentDefinition: { forbiddenPrefixes: ['Fragment'], forbiddenSuffixes: ['Fragment'] },
        },
      ],
    },
  },
  // Tests read GraphQL and REST answers as untyped JSON (asserting on them is the point), so the rules
  // against `any` flowing around are off there; the bug-finding typed rules stay on (ADR 012).
  {
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
