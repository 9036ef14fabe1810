// `npm run dev`: the builds of build.mjs (the client, the server-side render
// entry and the server) as esbuild contexts, rebuilt together on each save
// under src/ or locales/; once all three are done the server
// (dist/server/main.js) restarts, once, since it reads the client's manifest
// and the render entry when it starts: reload the page and the edit is there,
// a second or two after saving. New page files need a restart of this script
// (the client's entry points are listed once).
//
// One watcher here rather than esbuild's own watch mode: esbuild polls each
// context on its own, so one save ended three rebuilds at different times and
// restarted the server up to three times (test/dev.e2e.test.ts).
import { context } from 'esbuild';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, clientOptions, copyServerFiles, dist, root, serverOptions, ssrOptions, writeClientManifest } from './build.mjs';

const clientOut = path.join(dist, 'client');
const serverOut = path.join(dist, 'server');
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
const WATCHED = ['src', 'locales'];
/** An editor's save is several file events (a temporary file, a rename): one rebuild for them all. */
const QUIET_MS = 100;

const builds = await Promise.all([
  // The browser bundle in each language (build.mjs).
  ...LANGUAGES.map((language) =>
    build(clientOptions(clientOut, language), (result) => writeClientManifest(result.metafile, clientOut, language)),
  ),
  build(ssrOptions(serverOut)),
  build(serverOptions(serverOut), () => copyServerFiles(serverOut)),
]);

async function build(options, after = () => {}) {
  const ctx = await context(options);
  return {
    ctx,
    async rebuild() {
      await after(await ctx.rebuild());
    },
  };
}

let server;

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

/** All three builds, then one (re)start; a failed build (esbuild prints why) keeps the running server. */
async function rebuildAndRestart() {
  const results = await Promise.allSettled(builds.map((b) => b.rebuild()));
  if (results.some((r) => r.status === 'rejected')) {
    console.log(
      `[dev] the build failed: ${server ? 'the server keeps running the last good build' : 'the server starts after a good one'}`,
    );
    return;
  }
  if (server) {
    await stopServer();
    console.log('[dev] rebuilt: restarting the server');
  }
  startServer();
}

// Saves during a rebuild are taken by one more rebuild after it, not one each.
let running;
let again = false;
let quiet;
async function rebuildWhileChanged() {
  if (running) return void (again = true);
  do {
    again = false;
    running = rebuildAndRestart();
    await running;
  } while (again);
  running = undefined;
}

await rebuildAndRestart();
const watchers = WATCHED.map((dir) =>
  fs.watch(path.join(root, dir), { recursive: true }, (_event, file) => {
    // Editors' swap and backup files are not sources.
    if (file && /(^|\/)\.|~$/.test(file)) return;
    clearTimeout(quiet);
    quiet = setTimeout(rebuildWhileChanged, QUIET_MS);
  }),
);
console.log(`[dev] watching ${WATCHED.join('/ and ')}/ for changes (Ctrl-C stops)`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    clearTimeout(quiet);
    for (const w of watchers) w.close();
    await running;
    await Promise.all(builds.map((b) => b.ctx.dispose()));
    await stopServer();
    process.exit(0);
  });
}
