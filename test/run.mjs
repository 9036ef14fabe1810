// `npm test` after the typecheck and build: finds Chromium for the browser tests
// (installing Debian's package when running as root), then runs tap.
import { spawn, spawnSync } from 'node:child_process';
import readline from 'node:readline';
import fs from 'node:fs';

const candidates = [process.env.PUPPETEER_EXECUTABLE_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
let chromium = candidates.find((p) => p && fs.existsSync(p));

if (!chromium && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
  console.log("# Chromium not found: installing Debian's chromium package");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  chromium = fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
if (!chromium) {
  console.error('Browser tests need Chromium: install it with `sudo apt-get install -y chromium` or set PUPPETEER_EXECUTABLE_PATH.');
  process.exit(1);
}

const args = process.argv.slice(2);
const tap = spawn('npx', ['tap', ...args], {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, PUPPETEER_EXECUTABLE_PATH: chromium, NODE_ENV: 'test' },
});
const failures = collectFailures(tap.stdout);
tap.on('close', (code, signal) => {
  printFailures(failures);
  process.exit(code ?? (signal ? 1 : 0));
});

/**
 * Passes tap's report through and remembers each failed test with its place
 * (file › subtest › …) and diagnostics, so a long log ends with what failed.
 */
function collectFailures(stream) {
  const found = [];
  const path = [];
  let current;
  readline.createInterface({ input: stream }).on('line', (line) => {
    process.stdout.write(`${line}\n`);
    const depth = (line.length - line.trimStart().length) / 4;
    const subtest = /^\s*# Subtest: (.*)$/.exec(line);
    if (subtest) {
      path.length = depth;
      path[depth] = subtest[1];
      current = undefined;
      return;
    }
    const failed = /^\s*not ok \d+ - (.*)$/.exec(line);
    if (failed) {
      current = { where: [...path.slice(0, depth), failed[1]].join(' › '), details: [] };
      if (!/ # (TODO|SKIP)\b/i.test(failed[1])) found.push(current);
      return;
    }
    if (/^\s*ok \d+/.test(line)) current = undefined;
    else if (current && current.details.length < 40) current.details.push(line);
  });
  return found;
}

function printFailures(found) {
  if (found.length === 0) return;
  // A failed subtest also fails every test around it: list the innermost ones.
  const innermost = found.filter((f) => !found.some((g) => g !== f && g.where.startsWith(`${f.where.replace(/ # .*$/, '')} › `)));
  console.log(`\n# ${innermost.length} failed:`);
  for (const f of innermost.slice(0, 30)) {
    console.log(`# not ok: ${f.where}`);
    for (const line of f.details.slice(0, 25)) console.log(`#   ${line.trim()}`);
  }
}
