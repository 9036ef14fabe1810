// Configuration comes from environment variables only (DESIGN §8), validated at
// boot: a bad value stops the start with one line that names the variable.
import os from 'node:os';
import path from 'node:path';
import {
  array,
  boolean,
  coerce,
  create,
  defaulted,
  enums,
  integer,
  max,
  min,
  object,
  optional,
  pattern,
  refine,
  string,
  StructError,
  type Infer,
} from 'superstruct';
import { FeedListError, parseFeeds, type FeedSource } from './feed-sources.ts';
import type { PublicConfig } from '../shared/state.ts';
import { t } from '../shared/i18n.ts';

/**
 * Two hashes at once, but always a core left for the event loop: on a machine of
 * two cores or fewer, one (two 128 MiB hashes would take every core from pages).
 */
export function defaultHashConcurrency(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(2, cores - 1));
}

const Int = (lo: number, hi: number) => min(max(integer(), hi), lo);
const IntFromEnv = (lo: number, hi: number, fallback: number) =>
  defaulted(
    coerce(Int(lo, hi), pattern(string(), /^-?\d+$/), (v) => Number(v)),
    fallback,
  );
const BoolFromEnv = (fallback: boolean) =>
  defaulted(
    coerce(boolean(), enums(['true', 'false', '1', '0', 'yes', 'no']), (v) => ['true', '1', 'yes'].includes(v)),
    fallback,
  );
/** A whole percentage, written `30` or `30%`. */
const PercentFromEnv = (fallback: number) =>
  defaulted(
    coerce(Int(0, 100), pattern(string(), /^\s*\d+\s*%?\s*$/), (v) => Number(v.replace('%', '').trim())),
    fallback,
  );
const HttpUrl = refine(string(), 'HttpUrl', (v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' || 'must be an http(s) URL';
  } catch {
    return 'must be an http(s) URL';
  }
});
// FEEDS as a list; a value that does not parse stays a string, so that the
// struct fails on it and loadConfig says why (parseFeeds' reason).
const Feeds = defaulted(
  coerce(
    array(object({ name: string(), url: string(), newBuild: boolean(), includeResales: boolean(), noWithdrawGuard: boolean() })),
    string(),
    (v) => {
      try {
        return parseFeeds(v) satisfies FeedSource[];
      } catch {
        return v;
      }
    },
  ),
  [],
);
const PostgresUrl = pattern(string(), /^postgres(ql)?:\/\/.+/);
const SmtpUrl = refine(string(), 'SmtpUrl', (v) => {
  try {
    const u = new URL(v);
    return ((u.protocol === 'smtp:' || u.protocol === 'smtps:') && Boolean(u.hostname)) || 'must be an smtp(s):// URL';
  } catch {
    return 'must be an smtp(s):// URL';
  }
});
// 'Name <address>' or a bare address, on one line (it becomes the From header).
const MailFrom = pattern(string(), /^(?:[^<>\r\n"]{1,100} <[^\s<>@,;"]+@[^\s<>@,;"]+>|[^\s<>@,;"]+@[^\s<>@,;"]+)$/);
const Email = pattern(string(), /^[^\s<>@,;"]+@[^\s<>@,;"]+\.[^\s<>@,;"]+$/);

export const Config = object({
  NODE_ENV: defaulted(enums(['production', 'development', 'test']), 'production'),
  HOST: defaulted(string(), '0.0.0.0'),
  PORT: IntFromEnv(0, 65535, 3000),
  DATA_DIR: defaulted(string(), './data'),
  DATABASE_URL: optional(PostgresUrl),
  SITE_URL: defaulted(HttpUrl, 'http://localhost:3000'),
  SEED_DEMO: BoolFromEnv(true),
  // false: migrations are a release step (`npm run migrate`), and a start on a store that is behind stops.
  MIGRATE_ON_BOOT: BoolFromEnv(true),
  LOG_LEVEL: defaulted(enums(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  TRUST_PROXY: defaulted(pattern(string(), /^\s*$|^\s*[A-Za-z0-9.:/]+(\s*,\s*[A-Za-z0-9.:/]+)*\s*$/), ''),
  REQUEST_TIMEOUT_MS: IntFromEnv(1000, 600_000, 30_000),
  RENDER_TIMEOUT_MS: IntFromEnv(100, 60_000, 10_000),
  IMAGE_FETCH_TIMEOUT_MS: IntFromEnv(100, 60_000, 10_000),
  PAGE_MAX_AGE_S: IntFromEnv(0, 86_400, 60),
  // false: pages go out as they are, for a CDN that compresses (assets stay precompressed either way).
  COMPRESS_HTML: BoolFromEnv(true),
  // false: no photo job (jobs/photo-preparation.ts); pages show pictures as the feed gave them.
  PREPARE_PHOTOS: BoolFromEnv(true),
  MAP_TILE_URL: defaulted(string(), 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: defaulted(string(), '&copy; OpenStreetMap contributors'),
  SMTP_URL: optional(SmtpUrl),
  MAIL_FROM: defaulted(MailFrom, 'Spain New Homes <no-reply@spainnewhomes.example>'),
  OFFICE_EMAIL: defaulted(Email, t('office.email')),
  LEAD_RATE_LIMIT: IntFromEnv(1, 10_000, 10),
  AUTH_RATE_LIMIT: IntFromEnv(1, 10_000, 10),
  // log2 of scrypt's N for new password hashes; below OWASP's 17 only when NODE_ENV=test (loadConfig).
  SCRYPT_LOG_N: IntFromEnv(10, 20, 17),
  // A session unused this long ends, whatever is left of its SESSION_DAYS (services/accounts/sessions.ts).
  SESSION_IDLE_DAYS: IntFromEnv(1, 30, 14),
  // Password hashes at once; the rest queue (services/accounts/hash-queue.ts).
  PASSWORD_HASH_CONCURRENCY: IntFromEnv(1, 64, defaultHashConcurrency()),
  // Password requests that may wait for a hash; the next is answered 503 (hash-queue.ts).
  PASSWORD_HASH_QUEUE: IntFromEnv(1, 10_000, 32),
  FEEDS: Feeds,
  FEED_REFRESH_MINUTES: IntFromEnv(1, 10_080, 60),
  FEED_TIMEOUT_MS: IntFromEnv(1000, 3_600_000, 300_000),
  FEED_MAX_BYTES: IntFromEnv(1024, 2 ** 40, 2 ** 31),
  // The share of a source's listed units one import may withdraw (catalogue-import/withdraw-guard.ts).
  FEED_MAX_WITHDRAW: PercentFromEnv(30),
  // The ECB's daily reference rates the price conversions use (jobs/exchange-rates.ts); empty: none pulled, none shown.
  EXCHANGE_RATES_URL: defaulted(pattern(string(), /^$|^https?:\/\/\S+$/), 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  // Rates older than this are not shown (the ECB publishes on working days).
  EXCHANGE_RATES_MAX_AGE_DAYS: IntFromEnv(1, 60, 7),
  // Unset: no metrics listener. 0 takes a free port (tests).
  METRICS_PORT: optional(coerce(Int(0, 65535), pattern(string(), /^\d+$/), (v) => Number(v))),
  METRICS_HOST: defaulted(string(), '127.0.0.1'),
  REQUEST_ID_HEADER: defaulted(pattern(string(), /^[A-Za-z0-9-]{1,64}$/), 'x-request-id'),
});
export type Config = Infer<typeof Config>;
export type ConfigInput = Partial<Record<keyof Config, string>>;

export class ConfigError extends Error {}

/**
 * Reads the configuration from an environment, or throws one line naming the bad variable
 * (as `shownAs` names it, when a command-line flag set it).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  shownAs: Partial<Record<keyof Config, string>> = {},
): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(Config.schema)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  try {
    const config = create(input, Config);
    // A cheaper password hash is for tests only, and must be asked for.
    if (config.SCRYPT_LOG_N < SCRYPT_LOG_N_MIN && config.NODE_ENV !== 'test') {
      throw new ConfigError(
        `Invalid configuration: SCRYPT_LOG_N below ${SCRYPT_LOG_N_MIN} is allowed only with NODE_ENV=test (got ${config.SCRYPT_LOG_N})`,
      );
    }
    // Metrics never share the public port.
    if (config.METRICS_PORT !== undefined && config.METRICS_PORT !== 0 && config.METRICS_PORT === config.PORT) {
      throw new ConfigError(`Invalid configuration: METRICS_PORT must differ from PORT (both ${config.PORT})`);
    }
    return { ...config, DATA_DIR: path.resolve(config.DATA_DIR), REQUEST_ID_HEADER: config.REQUEST_ID_HEADER.toLowerCase() };
  } catch (error) {
    if (error instanceof StructError) {
      const key = error.path[0] ?? error.key;
      // A URL with credentials is not echoed to the logs.
      const got = key !== undefined && !SECRET.has(String(key)) ? input[String(key)] : undefined;
      const why = key === 'FEEDS' ? `: ${feedsProblem(input.FEEDS ?? '')}` : '';
      throw new ConfigError(
        `Invalid configuration: ${shownAs[key as keyof Config] ?? String(key)} must be ${expectations[key as keyof Config] ?? 'valid'}${why}${got !== undefined ? ` (got ${JSON.stringify(got)})` : ''}`,
      );
    }
    throw error;
  }
}

// FEEDS too: a feed URL may carry a password (its reason names the entry instead).
const SECRET = new Set(['SMTP_URL', 'DATABASE_URL', 'FEEDS']);

function feedsProblem(value: string): string {
  try {
    parseFeeds(value);
    return 'not readable';
  } catch (error) {
    return error instanceof FeedListError ? error.message : String(error);
  }
}
/** OWASP's scrypt cost (N = 2^17, r = 8, p = 1). */
export const SCRYPT_LOG_N_MIN = 17;

// What each variable must be, for the one-line boot error.
const expectations: Record<keyof Config, string> = {
  NODE_ENV: 'one of production, development, test',
  HOST: 'a host name or address',
  PORT: 'a whole number from 0 to 65535',
  DATA_DIR: 'a folder path',
  DATABASE_URL: 'a postgres:// URL',
  SITE_URL: 'an http(s) URL',
  SEED_DEMO: 'true or false',
  MIGRATE_ON_BOOT: 'true or false',
  LOG_LEVEL: 'one of fatal, error, warn, info, debug, trace, silent',
  TRUST_PROXY: 'a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal)',
  REQUEST_TIMEOUT_MS: 'a whole number of milliseconds from 1000 to 600000',
  RENDER_TIMEOUT_MS: 'a whole number of milliseconds from 100 to 60000',
  IMAGE_FETCH_TIMEOUT_MS: 'a whole number of milliseconds from 100 to 60000',
  PAGE_MAX_AGE_S: 'a whole number of seconds from 0 to 86400',
  COMPRESS_HTML: 'true or false',
  PREPARE_PHOTOS: 'true or false',
  MAP_TILE_URL: 'a tile URL template',
  MAP_ATTRIBUTION: 'the map attribution text',
  SMTP_URL: 'an smtp:// or smtps:// URL, such as smtps://user:password@mail.example:465',
  MAIL_FROM: "a sender such as 'Spain New Homes <no-reply@spainnewhomes.example>' or a bare address",
  OFFICE_EMAIL: 'an email address',
  LEAD_RATE_LIMIT: 'a whole number of lead submissions per minute per client address, from 1 to 10000',
  AUTH_RATE_LIMIT: 'a whole number of login, registration, forgot and reset attempts per minute per client address, from 1 to 10000',
  SCRYPT_LOG_N: 'a whole number from 17 to 20 (from 10 with NODE_ENV=test): scrypt uses N = 2^SCRYPT_LOG_N',
  SESSION_IDLE_DAYS: 'a whole number of days from 1 to 30',
  PASSWORD_HASH_QUEUE: 'a whole number of password requests that may wait for a hash, from 1 to 10000',
  PASSWORD_HASH_CONCURRENCY: 'a whole number of password hashes run at once, from 1 to 64 (each takes a libuv thread and 128 MiB)',
  FEEDS: 'comma-separated name=url pairs, each optionally followed by ;new-build, ;include-resales or ;no-withdraw-guard',
  FEED_REFRESH_MINUTES: 'a whole number of minutes from 1 to 10080',
  FEED_TIMEOUT_MS: 'a whole number of milliseconds from 1000 to 3600000',
  FEED_MAX_BYTES: 'a whole number of bytes from 1024 to 1099511627776 (1 TiB)',
  FEED_MAX_WITHDRAW: 'a whole percentage from 0 to 100, such as 30 or 30%',
  EXCHANGE_RATES_URL: 'an http(s) URL of rates in the ECB daily format, or empty for none',
  EXCHANGE_RATES_MAX_AGE_DAYS: 'a whole number of days from 1 to 60',
  METRICS_PORT: 'a whole number from 0 to 65535 (unset: no metrics)',
  METRICS_HOST: 'a host name or address',
  REQUEST_ID_HEADER: 'a header name (letters, digits and dashes, up to 64)',
};

export function publicConfig(config: Config, stylesheets: string[]): PublicConfig {
  return {
    siteName: 'Spain New Homes',
    siteUrl: config.SITE_URL.replace(/\/$/, ''),
    mapTileUrl: config.MAP_TILE_URL,
    mapAttribution: config.MAP_ATTRIBUTION,
    stylesheets,
  };
}
