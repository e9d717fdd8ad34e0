// ESLint (flat config) with typescript-eslint, for the server, its tests, benches and scripts, and the console:
// the recommended rules, plus the type-aware ones that catch what this code base cares about — a promise nobody
// awaits (a write that escapes its transaction, an error nobody sees), an await on something that is not a promise,
// a promise where a callback's result is ignored. The console adds React's rules of hooks.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Generated code (Prisma, Kysely, Pothos types, typed documents) and build output are not read by people.
  {
    ignores: [
      '**/node_modules/',
      'src/generated/',
      'test/gql/',
      'admin/src/gql/',
      'admin/dist/',
      'dist/',
      'data/',
      'coverage/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // On the server `any` stays allowed: argument and answer records cross both faces as data (validated by zod at
    // run time, typed where they are used) and Pothos' generics need it in places; `strict` tsc is the type check.
    files: ['src/**', 'test/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // No SQL assembled from strings (docs/data-access.md): SQL beyond Prisma's client is Kysely's. sqlIn (src/db/sql.ts)
    // is the one place that hands Kysely's compiled text to a transaction's raw call.
    files: ['src/**'],
    ignores: ['src/db/sql.ts', 'src/generated/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Prisma', property: 'raw', message: 'SQL text from a string: write it with Prisma.sql or Kysely.' },
        {
          property: '$queryRawUnsafe',
          message: 'SQL text from a string: write it with Kysely (sqlIn on a transaction).',
        },
        {
          property: '$executeRawUnsafe',
          message: 'SQL text from a string: write it with Kysely (sqlIn on a transaction).',
        },
      ],
    },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules },
  },
  {
    // Configuration files and plain JavaScript: outside any tsconfig, so no type information.
    files: ['**/*.{js,mjs,cjs}', 'admin/vite.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', module: 'writable', require: 'readonly' } },
  },
);
