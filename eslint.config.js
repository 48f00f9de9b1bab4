import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Module boundaries (HOUSE-STYLE 12): a client feature never imports another feature; a server module
// uses another module only through its service (or its pure catalog/mapper/enum files).
const boundaries = {
  rules: {
    'module-boundaries': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename.replaceAll('\\', '/');
        const feature = /\/client\/src\/features\/([^/]+)\//.exec(file)?.[1];
        const serverModule = /\/server\/modules\/([^/]+)\//.exec(file)?.[1];
        return {
          ImportDeclaration(node) {
            const source = String(node.source.value);
            if (feature) {
              const target = /^#client\/features\/([^/]+)\//.exec(source)?.[1];
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
          },
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
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
