// Lint: typescript-eslint recommended, plus the package boundaries of STYLE.md:
// services import libs, never each other; packages are used through their `exports`, never by deep paths.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '.data/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@salon/*/src/*', '@salon/*/dist/*'],
              message: 'Import a package through its exports.',
            },
            {
              group: ['**/libs/*/src/*', '**/services/*/src/*'],
              message: 'Import a package by name, not by path.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@salon/*/src/*', '@salon/*/dist/*'],
              message: 'Import a package through its exports.',
            },
            {
              group: [
                '@salon/identity',
                '@salon/catalog',
                '@salon/scheduling',
                '@salon/commerce',
                '@salon/billing',
                '@salon/notifications',
                '@salon/gateway',
              ],
              message: 'Services never import each other: use events or internal HTTP.',
            },
            { group: ['**/services/*/src/*', '../../*/src/*'], message: 'Services never import each other.' },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON bodies of many shapes; the harness types them loosely on purpose.
    files: ['**/test/**/*.ts', 'libs/testing/src/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
