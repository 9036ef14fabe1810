// `npm test` after the typecheck and build: finds Chromium for the browser tests
// (installing Debian's package when running as root), then runs tap.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.PUPPETEER_EXECUTABLE_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
let chromium = candidates.find((p) => p && fs.existsSync(p));

if (!chromium && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
  console.log('# Chromium not found: installing Debian\'s chromium package');
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
const result = spawnSync('npx', ['tap', ...args], {
  stdio: 'inherit',
  env: { ...process.env, PUPPETEER_EXECUTABLE_PATH: chromium, NODE_ENV: 'test' },
});
process.exit(result.status ?? 1);
