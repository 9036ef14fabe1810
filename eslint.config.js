// ESLint for the whole repository: `npm run lint` (also run by `npm test`).
// typescript-eslint's recommended rules, React's hooks rules, and on src/ the
// type-aware rules that catch a promise nobody awaits (an unhandled rejection
// ends the server). Suppressions are per line with the reason after `--`; one
// that suppresses nothing fails the run.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The few plain .mjs files are Node scripts: their globals are this Node's
// (in TypeScript files tsc checks names, so no-undef is off there).
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly']));

export default tseslint.config(
  { ignores: ['dist/', 'dist.*/', 'data/', '.tap/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore says "deliberately unused" (a skipped argument, a field left out of a rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Kysely's own advice: a migration must not depend on today's schema type,
    // so it takes Kysely<any> and builds columns through untyped builders; the
    // migrator that runs them (migrate.ts) takes the same.
    files: ['src/server/store/migrations.ts', 'src/server/store/migrations/*.ts', 'src/server/store/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: nodeGlobals },
  },
);
