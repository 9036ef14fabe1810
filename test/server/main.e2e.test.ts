// The process: listens, and on SIGTERM stops accepting, finishes the request in
// flight, closes the store and exits 0; it will not start on a bad setting nor,
// with MIGRATE_ON_BOOT=false, on a store that lacks migrations.
import t from 'tap';
import net from 'node:net';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { tempDir } from '../helpers/app.ts';
import { BOOT_LIMIT_MS, SITE_COMMAND, startSite } from '../helpers/site-process.ts';
import { forEachTarget } from '../helpers/db.ts';
import { STEP_TIMEOUT_MS, waitFor } from '../helpers/wait.ts';
import { openStore } from '../../src/server/store/db.ts';
import { pendingMigrations } from '../../src/server/store/migrate.ts';

t.test('SIGTERM drains: the request in flight completes, then the process exits 0', async (t) => {
  const { process: site, port } = await startSite(t, 'server', { DATA_DIR: tempDir(t) });
  const { child, output } = site;

  // A request whose body is still arriving when the signal comes.
  const body = JSON.stringify({ partner: 'costa-casas' });
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(
    `POST /api/partner/get-data HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(body.slice(0, 5));
  let response = '';
  socket.on('data', (d: Buffer) => (response += d.toString()));
  const socketClosed = once(socket, 'close');
  const exited = once(child, 'exit');
  await site.waitForOutput(/"incoming request"/, STEP_TIMEOUT_MS);

  child.kill('SIGTERM');
  await site.waitForOutput(/draining/, STEP_TIMEOUT_MS);
  socket.end(body.slice(5));
  const [code] = await exited;
  await socketClosed;

  t.match(response, /^HTTP\/1\.1 200/, 'the in-flight request was answered');
  t.match(response, /"slug":"costa-casas"/);
  t.equal(code, 0, 'exit code 0');
  t.match(output(), /draining/);
});

t.test('the server refuses to start on a bad value, saying why', async (t) => {
  const result = spawnSync(SITE_COMMAND.command, SITE_COMMAND.args, {
    cwd: SITE_COMMAND.cwd,
    env: { ...process.env, ...SITE_COMMAND.env, PORT: 'not-a-port' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  t.equal(result.status, 1);
  t.equal(result.stderr.trim(), 'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "not-a-port")');
});

forEachTarget(
  t,
  'MIGRATE_ON_BOOT=false on a store that is behind: the process refuses with one line saying what to run',
  async (t, target) => {
    const child = spawn(SITE_COMMAND.command, SITE_COMMAND.args, {
      cwd: SITE_COMMAND.cwd,
      env: { ...process.env, ...SITE_COMMAND.env, ...target.env, PORT: '0', HOST: '127.0.0.1', MIGRATE_ON_BOOT: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = await once(child, 'exit');
    t.equal(code, 1, 'exit 1');
    t.equal(stderr.trimEnd().split('\n').length, 1, `one line: ${stderr}`);
    t.match(stderr, /The store is behind: \d+ migrations not applied \(0001_partners_and_content, .*\)\. Run `npm run migrate`/);
    const store = await openStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, migrations: 'leave' });
    t.teardown(() => store.close());
    t.equal((await pendingMigrations(store.db))[0], '0001_partners_and_content', 'nothing was applied');
  },
);

for (const kind of ['exception', 'rejection'] as const) {
  t.test(`an unhandled ${kind} is logged (fatal, with its stack) before the process drains and exits 1`, async (t) => {
    const child = spawn(SITE_COMMAND.command, ['--import', './test/helpers/crash-on-stdin.mjs', ...SITE_COMMAND.args], {
      cwd: SITE_COMMAND.cwd,
      env: { ...process.env, ...SITE_COMMAND.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: tempDir(t), LOG_LEVEL: 'info' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    t.teardown(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let logs = '';
    child.stdout.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    const exited = once(child, 'exit');
    await waitFor(
      'the server to listen',
      () => {
        if (child.exitCode !== null) throw new Error(`exited early: ${logs}`);
        return /listening at/.test(logs);
      },
      BOOT_LIMIT_MS,
    );
    child.stdin.write(`${kind}\n`);
    const [code] = await exited;
    t.equal(code, 1, 'exit code 1');
    const lines = logs
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message: string; stack: string } });
    const crash = lines.find((l) => l.level === 60);
    t.equal(crash?.msg, 'crashed; draining before exit');
    t.equal(crash?.err?.message, `test crash: ${kind}`);
    t.match(crash?.err?.stack, /crash-on-stdin/, 'with its stack');
  });
}
