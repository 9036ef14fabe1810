// ESLint for the whole repository: `npm run lint` (also run by `npm test`).
// typescript-eslint's recommended rules, React's hooks rules, on src/ the
// type-aware rules that catch a promise nobody awaits (an unhandled rejection
// ends the server), and the import directions below. Suppressions are per
// line with the reason after `--`; one that suppresses nothing fails the run.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The few plain .mjs files are Node scripts: their globals are this Node's
// (in TypeScript files tsc checks names, so no-undef is off there).
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly']));

// Import directions (docs/decisions/import-directions.md; each folder's README
// says its part). The browser's code and the server's meet only in src/shared.
// The server's folders and top-level files are layers, top to bottom: each
// imports only from the rows below its own, never from its own row or above.
// The top row composes the others and imports anything.
export const SERVER_LAYERS = [
  ['cli', 'app.ts', 'serve.ts', 'main.ts'],
  ['render'],
  ['api', 'seo'],
  ['http', 'metrics', 'jobs', 'demo'],
  ['services', 'catalogue-import'],
  ['mail', 'feed-images', 'periods'],
  ['store'],
  ['config.ts', 'geo'],
  ['feed-sources.ts', 'paths.ts', 'locales.ts'],
];

const serverPath = (name) => `./src/server/${name}`;
const layerZones = SERVER_LAYERS.flatMap((row, r) =>
  r === 0
    ? []
    : row.map((name) => ({
        target: serverPath(name),
        from: [...SERVER_LAYERS.slice(0, r).flat(), ...row.filter((other) => other !== name)].map(serverPath),
        message: `src/server/${name} imports only the layers below its own (SERVER_LAYERS in eslint.config.js).`,
      })),
);

const importDirections = [
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'src/shared runs on both sides: it imports neither.' },
  { target: './src/client', from: './src/server', message: 'The browser never loads server code: share it through src/shared.' },
  { target: './src/server', from: './src/client', message: "The server loads the client's build (dist/), not its sources." },
  ...layerZones,
];

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
    // The browser builds ICU's data on Intl's first use: tens of ms of a page's load (docs/decisions/no-intl-on-first-load.md).
    files: ['src/client/**', 'src/shared/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['DateTimeFormat', 'NumberFormat', 'Collator', 'RelativeTimeFormat', 'ListFormat'].map((property) => ({
          object: 'Intl',
          property,
          message: 'No Intl formatter in browser code: src/shared/format.ts and dates.ts write numbers and dates.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(localeCompare|toLocaleString|toLocaleDateString|toLocaleTimeString)$/]',
          message: "No locale-aware call in browser code (ICU's start-up): compare code units, format with src/shared/format.ts.",
        },
      ],
    },
  },
  {
    files: ['src/**'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: importDirections }] },
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
