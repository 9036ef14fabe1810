// The compiled server (build.mjs), run the way the image runs it: plain `node`
// on dist/ in a folder holding only what the image holds (package.json, dist/,
// locales/, node_modules/: no src/, no TypeScript loader). It serves pages and
// the files it reads beside its code, and its command-line tools run.
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import t from 'tap';
import { tempDir } from './helpers/app.ts';
import { startSite } from './helpers/site-process.ts';
import { DIST_DIR, ROOT_DIR } from '../src/server/paths.ts';

t.setTimeout(300_000);

/** A folder laid out like the image's /app. */
function imageFolder(t: Parameters<typeof tempDir>[0]): string {
  const app = tempDir(t, 'image-');
  fs.cpSync(DIST_DIR, path.join(app, 'dist'), { recursive: true });
  fs.cpSync(path.join(ROOT_DIR, 'locales'), path.join(app, 'locales'), { recursive: true });
  fs.copyFileSync(path.join(ROOT_DIR, 'package.json'), path.join(app, 'package.json'));
  fs.symlinkSync(fs.realpathSync(path.join(ROOT_DIR, 'node_modules')), path.join(app, 'node_modules'));
  return app;
}

// No tsx (tap's own loader travels in NODE_OPTIONS for some runners) and no moved build: the image's dist/.
const { NODE_OPTIONS: _nodeOptions, DIST_DIR: _distDir, ...plainEnv } = process.env;

t.test('every command-line tool is compiled', async (t) => {
  const tools = fs.readdirSync(path.join(ROOT_DIR, 'src/server/cli')).filter((f) => f.endsWith('.ts'));
  t.ok(tools.length >= 4);
  for (const tool of tools) t.ok(fs.existsSync(path.join(DIST_DIR, 'server/cli', tool.replace(/\.ts$/, '.js'))), tool);
});

t.test('the compiled server starts with plain node, answers /healthz and pages, reads its data files, and drains on SIGTERM', async (t) => {
  const app = imageFolder(t);
  const env = { ...plainEnv, DATA_DIR: tempDir(t), SEED_DEMO: 'true', NODE_ENV: 'production' };
  const { process: server, port } = await startSite(t, 'compiled server', env, { cwd: app });
  const base = `http://127.0.0.1:${port}`;

  const health = await fetch(`${base}/healthz`);
  t.equal(health.status, 200);
  const home = await fetch(`${base}/`);
  t.equal(home.status, 200);
  t.match(await home.text(), /<title>[^<]+<\/title>/, 'a rendered page');
  const logo = await fetch(`${base}/media/partners/costa-casas.svg`);
  t.equal(logo.status, 200, 'a logo from dist/server/files');
  const search = await fetch(`${base}/for-sale`);
  t.equal(search.status, 200);
  t.match(await search.text(), /href="\/for-sale\/[^"]+"/, 'projects of the demo feed, from dist/server/files');

  const code = await server.stop();
  t.equal(code, 0, 'exit 0', { output: server.output().slice(-2000) });
});

t.test('a compiled command-line tool runs with plain node: partner list', async (t) => {
  const app = imageFolder(t);
  const { stdout } = await promisify(execFile)(process.execPath, ['dist/server/cli/partner.js', 'list'], {
    cwd: app,
    env: { ...plainEnv, DATA_DIR: tempDir(t) },
    timeout: 240_000,
  });
  t.match(stdout, /^SLUG\s+NAME/);
  t.match(stdout, /costa-casas/);
});
