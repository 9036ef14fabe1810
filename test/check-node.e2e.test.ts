// check-node.mjs, run before `npm install`, `npm start` and `npm run dev`: on a
// Node older than engines.node it stops with one line naming the Node needed
// and how to get it; on this Node it says nothing. An old Node is faked by
// overriding process.version before the script runs, and the machine's own old
// Node is tried too when it has one.
import t from 'tap';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../src/server/paths.ts';

const SCRIPT = path.join(ROOT_DIR, 'check-node.mjs');

function check(node: string, fakeVersion?: string) {
  const fake = fakeVersion ? ['--import', `data:text/javascript,Object.defineProperty(process,'version',{value:'${fakeVersion}'})`] : [];
  const { NODE_OPTIONS: _loaders, ...env } = process.env;
  const run = spawnSync(node, [...fake, SCRIPT], { encoding: 'utf8', env, timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const binary = `node-linux-${process.arch}`;

t.test('on this Node it passes without a word', async (t) => {
  t.same(check(process.execPath), { status: 0, stdout: '', stderr: '' });
  t.same(check(process.execPath, 'v22.0.0'), { status: 0, stdout: '', stderr: '' }, 'nor on the oldest one engines allow');
});

t.test('on an older Node it stops with one line saying what to install and how', async (t) => {
  const { status, stdout, stderr } = check(process.execPath, 'v20.11.1');
  t.equal(status, 1);
  t.equal(stdout, '');
  t.equal(
    stderr,
    `This project needs Node 22 or newer, and this is Node 20.11.1: get Node 24 with \`nvm install 24\`, ` +
      `or \`npm install --prefix ~/node24 ${binary}@24\` and put ~/node24/node_modules/${binary}/bin first on PATH.\n`,
  );
});

const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
  (p) => fs.existsSync(p) && Number(spawnSync(p, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout) < 22,
);
t.test("the machine's own old Node gets the same line", { skip: oldNode ? false : 'no Node older than 22 on this machine' }, async (t) => {
  const { status, stderr } = check(oldNode!);
  t.equal(status, 1);
  t.match(stderr, /^This project needs Node 22 or newer, and this is Node \d+\.\d+\.\d+: get Node 24 with `nvm install 24`, or .*\n$/);
  t.equal(stderr.split('\n').length, 2, 'one line');
});
