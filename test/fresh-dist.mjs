// Run by tap before any test file (.taprc `before`): tests render through dist/
// (the server-side entry, the client's manifest, the compiled server), so an
// old dist/ would test the old code. build.mjs --if-needed rebuilds it when
// any source is newer and does nothing otherwise.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Plain node: tap's loaders (NODE_OPTIONS) and its coverage are not the build's business.
const { NODE_OPTIONS: _loaders, ...env } = process.env;
const build = spawnSync(process.execPath, [path.join(root, 'build.mjs'), '--if-needed'], {
  cwd: root,
  env: { ...env, _TAPJS_PROCESSINFO_COVERAGE_: '0' },
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error('dist/ is older than src/ and the build failed: run npm run build');
  process.exit(1);
}
