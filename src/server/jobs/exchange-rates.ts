// The ECB's reference rates pulled into the store (issue 24), at start and then
// every three hours (the ECB publishes once a working day, around 16:00 CET),
// sending the last answer's validators, so an unchanged file costs a 304
// (catalogue-import/download.ts, the feeds' GET). A
// pull that fails (unreachable, too slow, an error status, a body too large or
// not in the ECB's format) is logged and keeps the last good rates; /api/rates
// stops offering them once they are older than EXCHANGE_RATES_MAX_AGE_DAYS.
// Every instance pulls: the answer is the same, and its upsert idempotent.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ExchangeRateService } from '../services/exchange-rates/index.ts';
import { parseEcbRates } from '../services/exchange-rates/ecb.ts';
import { fetchFeed } from '../catalogue-import/download.ts';
import { runEvery } from './every.ts';

export const RATES_EVERY_MS = 3 * 60 * 60 * 1000;
const TIMEOUT_MS = 30_000;
/** The ECB's file is about 2 KB; anything far larger is not it. */
const MAX_BYTES = 256 * 1024;

export interface ExchangeRatesOptions {
  everyMs?: number;
  now?: () => Date;
}

export type RatesPull = 'updated' | 'unchanged' | 'failed';

/** One pull of `url` into the store; never throws. */
export async function pullExchangeRates(
  rates: ExchangeRateService,
  url: string,
  now: Date,
  log: FastifyBaseLogger,
  timeoutMs = TIMEOUT_MS,
): Promise<RatesPull> {
  const known = await rates.kept();
  try {
    // The feeds' GET: validators, a time-out to the last byte, a bounded body, one-line errors.
    const download = await fetchFeed(url, {
      timeoutMs,
      maxBytes: MAX_BYTES,
      ...(known ? { validators: { etag: known.etag, lastModified: known.last_modified } } : {}),
    });
    if (download.status === 304) {
      await rates.pulled(now, null);
      return 'unchanged';
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of download.body) chunks.push(chunk);
    const parsed = parseEcbRates(Buffer.concat(chunks).toString('utf8'));
    if (known && parsed.date < known.date) throw new Error(`rates of ${parsed.date}, older than those kept (${known.date})`);
    await rates.save(parsed, { etag: download.etag, last_modified: download.lastModified }, now);
    log.info({ date: parsed.date, currencies: Object.keys(parsed.rates).length }, 'exchange rates updated');
    return 'updated';
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await rates.pulled(now, reason);
    log.warn({ err, url }, 'exchange rates not pulled; the last good ones are kept');
    return 'failed';
  }
}

export function installExchangeRates(app: FastifyInstance, options: ExchangeRatesOptions = {}): void {
  const url = app.config.EXCHANGE_RATES_URL;
  if (!url) return;
  const now = options.now ?? (() => new Date());
  runEvery(app, options.everyMs ?? RATES_EVERY_MS, async () => {
    await pullExchangeRates(app.services.exchangeRates, url, now(), app.log);
  });
}
