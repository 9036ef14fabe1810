// `npm run dev` (dev.mjs) on a copy of the sources: one save of a file that
// all three builds read (a locale file) restarts the server once, and the
// restarted server already serves the edit in both its HTML and the client's
// code it links (so no other build of that save was still to come).
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers/app.ts';
import { startProcess } from './helpers/processes.ts';
import { ROOT_DIR } from '../src/server/paths.ts';

t.setTimeout(600_000);

/** The first build and start of a busy machine: minutes, not seconds. */
const BOOT_MS = 300_000;

function sourceCopy(t: Parameters<typeof tempDir>[0]): string {
  const dir = tempDir(t, 'dev-');
  for (const entry of ['src', 'locales']) fs.cpSync(path.join(ROOT_DIR, entry), path.join(dir, entry), { recursive: true });
  for (const file of ['build.mjs', 'dev.mjs', 'package.json', 'tsconfig.json'])
    fs.copyFileSync(path.join(ROOT_DIR, file), path.join(dir, file));
  fs.symlinkSync(fs.realpathSync(path.join(ROOT_DIR, 'node_modules')), path.join(dir, 'node_modules'));
  return dir;
}

const LISTENING = /listening at http:\/\/127\.0\.0\.1:(\d+)/;
const RESTART = '[dev] rebuilt: restarting the server';

t.test('one save: one restart, after every build of that save', async (t) => {
  const dir = sourceCopy(t);
  // Plain node, as npm run dev runs it: no test loaders.
  const { NODE_OPTIONS: _loaders, DIST_DIR: _dist, ...env } = process.env;
  const dev = startProcess(t, 'npm run dev', process.execPath, ['dev.mjs'], {
    cwd: dir,
    env: { ...env, DATA_DIR: tempDir(t), SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'development' },
  });
  const ports = () => [...dev.output().matchAll(new RegExp(LISTENING.source, 'g'))].map((m) => Number(m[1]));
  await dev.waitForOutput(/\[dev\] watching/, BOOT_MS);
  await dev.waitForOutput(LISTENING, BOOT_MS);

  const localeFile = path.join(dir, 'locales/en.json');
  const locale = JSON.parse(fs.readFileSync(localeFile, 'utf8')) as { home: { cta: string } };
  const edit = `${locale.home.cta} (edited ${process.pid})`;
  t.notMatch(await (await fetch(`http://127.0.0.1:${ports()[0]}/`)).text(), edit, 'not there before the save');
  locale.home.cta = edit;
  fs.writeFileSync(localeFile, JSON.stringify(locale, null, 2));

  await dev.waitForOutput(new RegExp(`${RESTART.replace(/[[\]]/g, '\\$&')}[^]*listening at`), BOOT_MS);
  const port = ports().at(-1)!;
  const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  t.match(html, edit, "the restarted server's HTML has the edit");
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const code = await Promise.all(scripts.map(async (s) => (await fetch(`http://127.0.0.1:${port}${s}`)).text()));
  t.ok(
    code.some((c) => c.includes(edit)),
    `and so has the client's code it links (${scripts.length} scripts)`,
  );

  t.equal(await dev.stop(), 0, 'Ctrl-C stops it');
  t.equal(dev.output().split(RESTART).length - 1, 1, 'one restart');
  t.equal(ports().length, 2, 'the server started twice: at first and after the save');
});
