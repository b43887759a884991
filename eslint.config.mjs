// Lint: typescript-eslint recommended, plus the package boundaries of STYLE.md:
// services import libs, never each other; packages are used through their `exports`, never by deep paths.
// And the shape of docs/architecture.md: event data is never cast (consumers get it typed from `on(type,
// handler)`), and SQL lives in a service's `db/` repositories only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const PACKAGE_EXPORTS = {
  group: ['@salon/*/src/*', '@salon/*/dist/*'],
  message: 'Import a package through its exports.',
};
const SERVICE_IMPORT_PATTERNS = [
  PACKAGE_EXPORTS,
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
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'coverage/**',
      '.data/**',
      'artifacts/**',
      '**/*.js',
      '**/*.mjs',
      'web/src/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression[expression.type='MemberExpression'][expression.property.name='data']",
          message:
            'Do not cast `.data`: an event consumer gets its data typed by `on(type, handler)`, a test by captureEvents().of/next.',
        },
        {
          selector: 'TemplateElement[value.raw=/pg_advisory_xact_lock/]',
          message: 'Take advisory locks with lockFor(tx, scope, key): one key scheme everywhere.',
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            PACKAGE_EXPORTS,
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
          patterns: SERVICE_IMPORT_PATTERNS,
        },
      ],
    },
  },
  {
    // SQL only in repositories: use cases, routes and handlers call `db/*.repository.ts` functions.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'SQL lives in db/*.repository.ts; call a repository function.' },
            {
              name: '@salon/service-kit',
              importNames: ['lockFor', 'isoOf', 'textArray', 'idArray', 'likeContains'],
              message: 'SQL and advisory locks live in db/*.repository.ts; call a repository function.',
            },
          ],
          patterns: SERVICE_IMPORT_PATTERNS,
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
