// Where the tests keep what they make once and reuse across runs: compiled
// TypeScript (typescript-imports.mjs) and SQLite store templates
// (store-templates.ts). Under the user's own cache folder, not a fixed name in
// the shared temporary folder, where another user of the machine could put
// files first that the tests would then load as code or copy as a store.
import os from 'node:os';
import path from 'node:path';

export const TEST_CACHE_DIR = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'newbuild-tests');
