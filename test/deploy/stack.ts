// The production shape, on loopback ports: two instances of the site on one
// fresh PostgreSQL database, HAProxy in front of them (deploy/haproxy.cfg) and
// Varnish in front of HAProxy (deploy/varnish/default.vcl), with a fake SMTP
// server for their mails and a feed server for their scheduled pulls. Every
// process and folder goes when the test ends.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '../../src/server/store/db.ts';
import { tempDir } from '../helpers/app.ts';
import { createTarget, type TapTest } from '../helpers/db.ts';
import { httpRequest } from '../helpers/http.ts';
import { freePort, startProcess, waitFor, type Started } from '../helpers/processes.ts';
import { startSite, type SiteProcess } from '../helpers/site-process.ts';
import { fakeSmtp, type ReceivedMail } from '../helpers/smtp.ts';
import { startFeedServer, type FeedServer } from '../server/catalogue-import/feed-server.ts';
import { feed, property } from '../server/catalogue-import/feeds.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HAPROXY_CFG = path.join(ROOT, 'deploy/haproxy.cfg');
export const VARNISH_VCL = path.join(ROOT, 'deploy/varnish/default.vcl');

export const LEAD_RATE_LIMIT = 3;
export const FEED_SOURCE = 'instances-test';
export const FEED_REFRESH_MS = 60_000;
/** Bounded waits: a stuck stack fails with a message; a slow machine still passes. */
export const LIMIT_MS = 180_000;

export interface Stack {
  apps: [SiteProcess, SiteProcess];
  haproxy: { process: Started; port: number };
  varnish: { process: Started; port: number };
  /** The shared database, opened by the test itself. */
  store: Store;
  mails: ReceivedMail[];
  feedServer: FeedServer;
  /** Every request for the feed, with the start of the pull before it (null: none yet). */
  feedPulls: FeedPullSeen[];
}

export interface FeedPullSeen {
  at: number;
  previousPull: string | null;
}

/** The HAProxy and Varnish programs, or one line saying how to install them. */
export function findTools(): { haproxy: string; varnishd: string } | { missing: string } {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  const find = (name: string) => dirs.map((dir) => path.join(dir, name)).find((file) => fs.existsSync(file));
  const haproxy = find('haproxy');
  const varnishd = find('varnishd');
  if (haproxy && varnishd) return { haproxy, varnishd };
  return {
    missing: `this test needs HAProxy and Varnish: install them with \`sudo apt-get install -y haproxy varnish\` (Debian's packages; .ci/run does it)`,
  };
}

export async function startStack(t: TapTest, tools: { haproxy: string; varnishd: string }): Promise<Stack> {
  const target = await createTarget(t, 'postgres');
  const store = await target.open();
  const mails = await fakeSmtp(t);
  const feedPulls: FeedPullSeen[] = [];
  const feedServer = await startFeedServer(t, {
    body: feed(property({ id: 'INST-1', name: 'Instances test' })),
    etag: '"v1"',
    // While a pull waits for the feed, its source's row still holds the previous pull's start.
    async before(request) {
      const row = await store.db.selectFrom('feed_pulls').select('pulled_at').where('source', '=', FEED_SOURCE).executeTakeFirst();
      feedPulls.push({ at: request.at, previousPull: row?.pulled_at ?? null });
    },
  });
  const env = {
    // A cheap password hash (allowed with NODE_ENV=test only): this test is not about hashing.
    NODE_ENV: 'test',
    SCRYPT_LOG_N: '10',
    DATABASE_URL: target.databaseUrl!,
    SITE_URL: 'http://localhost',
    // The CDN and the load balancer are on the loopback: their X-Forwarded-For is believed.
    TRUST_PROXY: 'loopback',
    // Long enough that nothing the test cached expires while it runs, however slow the machine.
    PAGE_MAX_AGE_S: '3600',
    LOG_LEVEL: 'info',
    SMTP_URL: `smtp://127.0.0.1:${mails.port}`,
    FEEDS: `${FEED_SOURCE}=${feedServer.url}`,
    FEED_REFRESH_MINUTES: String(FEED_REFRESH_MS / 60_000),
    LEAD_RATE_LIMIT: String(LEAD_RATE_LIMIT),
  };
  // One after the other, as a release does: the first migrates and seeds the
  // empty database, the second finds it ready.
  const first = await startSite(t, 'app1', { ...env, DATA_DIR: tempDir(t, 'instance-1-') });
  const second = await startSite(t, 'app2', { ...env, DATA_DIR: tempDir(t, 'instance-2-') });

  const haproxyPort = await freePort();
  const haproxy = startProcess(t, 'haproxy', tools.haproxy, ['-db', '-f', HAPROXY_CFG], {
    env: { HAPROXY_BIND: `127.0.0.1:${haproxyPort}`, APP1: `127.0.0.1:${first.port}`, APP2: `127.0.0.1:${second.port}` },
  });
  await answering(haproxy, haproxyPort);

  const varnishPort = await freePort();
  const work = tempDir(t, 'varnish-');
  const vcl = path.join(work, 'default.vcl');
  fs.writeFileSync(vcl, vclFor(haproxyPort));
  // -F: in the foreground, a child of this test; -j none: no privilege
  // separation (the work folder is this user's); -T none: no admin port.
  const varnish = startProcess(t, 'varnishd', tools.varnishd, [
    '-F',
    '-j',
    'none',
    '-n',
    path.join(work, 'work'),
    '-a',
    `127.0.0.1:${varnishPort}`,
    '-f',
    vcl,
    '-T',
    'none',
    '-s',
    'malloc,64m',
  ]);
  await answering(varnish, varnishPort);

  return {
    apps: [first, second],
    haproxy: { process: haproxy, port: haproxyPort },
    varnish: { process: varnish, port: varnishPort },
    store,
    mails: mails.received,
    feedServer,
    feedPulls,
  };
}

/** The shipped VCL with its backend pointed at this test's HAProxy. */
function vclFor(haproxyPort: number): string {
  const shipped = fs.readFileSync(VARNISH_VCL, 'utf8');
  const backendPort = /(\.port = ")8080(";)/;
  if (!backendPort.test(shipped)) throw new Error(`${VARNISH_VCL}: no '.port = "8080";' line to point at the test's HAProxy`);
  return shipped.replace(backendPort, `$1${haproxyPort}$2`);
}

async function answering(proxy: Started, port: number): Promise<void> {
  await waitFor(
    `${proxy.name} to answer GET /healthz on port ${port}`,
    async () => (await httpRequest(port, { path: '/healthz' })).status === 200,
    LIMIT_MS,
    proxy.output,
  );
}
