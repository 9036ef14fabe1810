// `npm run dev`: the builds of build.mjs, watched (esbuild's context().watch()):
// the client, the server-side render entry and the server. After any rebuild
// the server (dist/server/main.js) restarts, since it reads the client's
// manifest and the render entry when it starts: reload the page and the edit
// is there, a second or two after saving. New page files need a restart of
// this script (the client's entry points are listed once).
import { context } from 'esbuild';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { clientOptions, copyServerFiles, dist, serverOptions, ssrOptions, writeClientManifest } from './build.mjs';

const clientOut = path.join(dist, 'client');
const serverOut = path.join(dist, 'server');
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };

let server;
let pending;
let restarting = Promise.resolve();
// The server starts once every build has succeeded once (the watch's first builds).
let firstBuildsLeft = 3;

function startServer() {
  server = spawn(process.execPath, ['--enable-source-maps', path.join(serverOut, 'main.js')], { stdio: 'inherit', env });
}

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  // The server drains open connections on SIGTERM (a browser keeps some alive): not worth a wait here.
  const force = setTimeout(() => server.kill('SIGKILL'), 1000);
  await exited;
  clearTimeout(force);
}

// Several builds end together when a shared file changes: one restart for them
// all, and one at a time (the old server must free the port first).
function restartSoon() {
  clearTimeout(pending);
  pending = setTimeout(() => {
    restarting = restarting.then(async () => {
      await stopServer();
      console.log('[dev] rebuilt: restarting the server');
      startServer();
    });
  }, 100);
}

function built() {
  if (firstBuildsLeft === 0) restartSoon();
  else if (--firstBuildsLeft === 0) startServer();
}

/** The build's own options plus a step after each successful (re)build, then a restart. */
function watched(options, after = () => {}) {
  const onEnd = {
    name: 'dev-restart',
    setup(b) {
      b.onEnd((result) => {
        if (result.errors.length > 0) return;
        after(result);
        built();
      });
    },
  };
  return context({ ...options, plugins: [...(options.plugins ?? []), onEnd] });
}

const contexts = await Promise.all([
  watched(clientOptions(clientOut), (result) => writeClientManifest(result.metafile, clientOut)),
  watched(ssrOptions(serverOut)),
  watched(serverOptions(serverOut), () => copyServerFiles(serverOut)),
]);
await Promise.all(contexts.map((c) => c.watch()));
console.log('[dev] watching src/ for changes (Ctrl-C stops)');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    clearTimeout(pending);
    await Promise.all(contexts.map((c) => c.dispose()));
    await restarting;
    await stopServer();
    process.exit(0);
  });
}
