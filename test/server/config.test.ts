// Configuration: defaults, and one clear line naming a bad variable (the
// process refusing to start on one: main.e2e.test.ts).
import t from 'tap';
import { defaultHashConcurrency, loadConfig, ConfigError } from '../../src/server/config.ts';

t.test('defaults give a working site', async (t) => {
  const c = loadConfig({});
  t.equal(c.PORT, 3000);
  t.equal(c.HOST, '0.0.0.0');
  t.match(c.DATA_DIR, /\/data$/);
  t.equal(c.DATABASE_URL, undefined);
  t.equal(c.SEED_DEMO, true);
  t.equal(c.MIGRATE_ON_BOOT, true);
  t.equal(c.PREPARE_PHOTOS, true);
  t.equal(c.TRUST_PROXY, '');
  t.equal(c.IMAGE_FETCH_TIMEOUT_MS, 10_000);
});

t.test('values are parsed from strings', async (t) => {
  const c = loadConfig({
    PORT: '8080',
    SEED_DEMO: 'false',
    MIGRATE_ON_BOOT: 'false',
    PREPARE_PHOTOS: 'false',
    TRUST_PROXY: '10.0.0.0/8, loopback',
    DATABASE_URL: 'postgres://u@h/db',
  });
  t.equal(c.PORT, 8080);
  t.equal(c.SEED_DEMO, false);
  t.equal(c.MIGRATE_ON_BOOT, false);
  t.equal(c.PREPARE_PHOTOS, false);
  t.equal(c.TRUST_PROXY, '10.0.0.0/8, loopback');
  t.equal(c.DATABASE_URL, 'postgres://u@h/db');
});

const BAD: Array<[Record<string, string>, RegExp]> = [
  [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a whole number from 0 to 65535 \(got "abc"\)$/],
  [{ PORT: '70000' }, /^Invalid configuration: PORT must be/],
  [{ SITE_URL: 'ftp://example.com' }, /^Invalid configuration: SITE_URL must be an http\(s\) URL/],
  [{ DATABASE_URL: 'mysql://user:secret@x' }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL$/],
  [{ TRUST_PROXY: '10.0.0.1; rm' }, /^Invalid configuration: TRUST_PROXY must be a comma-separated list/],
  [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL must be one of/],
  [{ SEED_DEMO: 'maybe' }, /^Invalid configuration: SEED_DEMO must be true or false/],
  [{ MIGRATE_ON_BOOT: 'later' }, /^Invalid configuration: MIGRATE_ON_BOOT must be true or false/],
  [{ PREPARE_PHOTOS: 'sometimes' }, /^Invalid configuration: PREPARE_PHOTOS must be true or false/],
  [{ RENDER_TIMEOUT_MS: '5' }, /^Invalid configuration: RENDER_TIMEOUT_MS must be/],
  [
    { IMAGE_FETCH_TIMEOUT_MS: '10s' },
    /^Invalid configuration: IMAGE_FETCH_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000/,
  ],
  [
    { METRICS_PORT: 'metrics' },
    /^Invalid configuration: METRICS_PORT must be a whole number from 0 to 65535 \(unset: no metrics\) \(got "metrics"\)$/,
  ],
  [{ PORT: '9100', METRICS_PORT: '9100' }, /^Invalid configuration: METRICS_PORT must differ from PORT \(both 9100\)$/],
  [{ METRICS_PORT: '3000' }, /^Invalid configuration: METRICS_PORT must differ from PORT \(both 3000\)$/],
  [{ REQUEST_ID_HEADER: 'X Request Id' }, /^Invalid configuration: REQUEST_ID_HEADER must be a header name/],
];

t.test('metrics and request id: off and X-Request-Id by default; the header name in lower case', async (t) => {
  const c = loadConfig({});
  t.equal(c.METRICS_PORT, undefined);
  t.equal(c.METRICS_HOST, '127.0.0.1');
  t.equal(c.REQUEST_ID_HEADER, 'x-request-id');
  const d = loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '10.0.0.5', REQUEST_ID_HEADER: 'X-Amzn-Trace-Id' });
  t.equal(d.METRICS_PORT, 9100);
  t.equal(d.METRICS_HOST, '10.0.0.5');
  t.equal(d.REQUEST_ID_HEADER, 'x-amzn-trace-id');
});

t.test('a bad value is one line naming the variable', async (t) => {
  for (const [env, message] of BAD) {
    try {
      loadConfig(env);
      t.fail(`${JSON.stringify(env)} was accepted`);
    } catch (error) {
      t.ok(error instanceof ConfigError, 'a ConfigError');
      t.match((error as Error).message, message);
      t.notMatch((error as Error).message, /\n/, 'one line');
    }
  }
});

t.test('password hashes: two at once, but a core always left to the event loop', async (t) => {
  t.equal(defaultHashConcurrency(1), 1);
  t.equal(defaultHashConcurrency(2), 1, 'two cores: one hash, one core for pages');
  t.equal(defaultHashConcurrency(3), 2);
  t.equal(defaultHashConcurrency(16), 2);
  t.equal(loadConfig({ PASSWORD_HASH_CONCURRENCY: '4' }).PASSWORD_HASH_CONCURRENCY, 4, 'the setting wins');
});
