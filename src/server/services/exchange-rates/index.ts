// The exchange rates in the store (issue 24): the last good rates of a source
// with the validators of the answer they came from, and how the last pull went.
// A failed pull keeps the rates; rates older than the age given are not offered
// (the conversion is then not shown), however long the source has failed.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { ratesAreFresh, type ExchangeRates } from '../../../shared/exchange-rates.ts';

export const ECB = 'ecb';

export interface RatesValidators {
  etag: string | null;
  last_modified: string | null;
}

/** What is kept of a source: its rates' date and the validators of the answer they came from. */
export interface KeptRates extends RatesValidators {
  date: string;
}

/** The rates' JSON as stored, kept only if it is an object of positive numbers. */
function readRates(json: string): Record<string, number> | null {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const entries = Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0);
    return entries.length ? Object.fromEntries(entries) : null;
  } catch {
    return null;
  }
}

export class ExchangeRateService {
  /** `maxAgeDays`: how old rates may be and still be offered (EXCHANGE_RATES_MAX_AGE_DAYS). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxAgeDays: number,
  ) {}

  /** The source's rates if they are at most maxAgeDays old on `now`'s date, else null. */
  async latest(now: Date, source = ECB): Promise<ExchangeRates | null> {
    const row = await this.db.selectFrom('exchange_rates').select(['date', 'rates']).where('source', '=', source).executeTakeFirst();
    const rates = row && readRates(row.rates);
    return row && rates && ratesAreFresh(row.date, now, this.maxAgeDays) ? { date: row.date, rates } : null;
  }

  /** The kept rates' date and the validators to send with the next pull: none until rates are stored. */
  async kept(source = ECB): Promise<KeptRates | null> {
    return (
      (await this.db
        .selectFrom('exchange_rates')
        .select(['date', 'etag', 'last_modified'])
        .where('source', '=', source)
        .executeTakeFirst()) ?? null
    );
  }

  /** New rates, as the source answered them at `now`. */
  async save(rates: ExchangeRates, validators: RatesValidators, now: Date, source = ECB): Promise<void> {
    const at = now.toISOString();
    const row = { date: rates.date, rates: JSON.stringify(rates.rates), ...validators, updated_at: at, pulled_at: at, error: null };
    await this.db
      .insertInto('exchange_rates')
      .values({ source, ...row })
      .onConflict((conflict) => conflict.column('source').doUpdateSet(row))
      .execute();
  }

  /** A pull that brought nothing new: "not modified" (error null), or a failure with its reason. The rates stay. */
  async pulled(now: Date, error: string | null, source = ECB): Promise<void> {
    await this.db.updateTable('exchange_rates').set({ pulled_at: now.toISOString(), error }).where('source', '=', source).execute();
  }
}
