// Run before `npm install`, `npm start` and `npm run dev` (package.json's pre-
// scripts): on a Node older than package.json's engines.node, stop with one
// line saying which Node is needed and how to get it, instead of a crash later
// (better-sqlite3's addon segfaults on Node 20). No dependencies and no recent
// syntax or modules (not even `node:` names), so that Node 14 runs it too, and
// before node_modules exists.
import fs from 'fs';

const engines = JSON.parse(fs.readFileSync(new URL('package.json', import.meta.url), 'utf8')).engines.node;
const wanted = /^>=\s*(\d+)(?:\.(\d+))?/.exec(engines);
if (!wanted) throw new Error(`check-node.mjs reads engines.node as ">=MAJOR" or ">=MAJOR.MINOR", not "${engines}"`);

const have = process.version.slice(1).split('.').map(Number);
const major = Number(wanted[1]);
const minor = Number(wanted[2] || 0);
if (have[0] < major || (have[0] === major && have[1] < minor)) {
  const binary = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const needed = minor ? `${major}.${minor}` : `${major}`;
  console.error(
    `This project needs Node ${needed} or newer, and this is Node ${process.version.slice(1)}: get Node 24 with \`nvm install 24\`, ` +
      `or \`npm install --prefix ~/node24 ${binary}@24\` and put ~/node24/node_modules/${binary}/bin first on PATH.`,
  );
  process.exit(1);
}
