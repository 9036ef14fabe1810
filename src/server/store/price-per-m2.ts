// A project's price per m²: the lowest of its available units' asking prices
// over their built areas, in whole euros. Units without a built area do not
// count; none with one: unknown (null).
import { sql } from 'kysely';

/** The aggregate over `units u` of one project (catalogue-import/recompute.ts, migration 0024). */
export const PRICE_M2 = sql`cast(round(min(case when u.withdrawn_at is null and u.status = 'available' and u.built_area > 0
  then u.price * 1.0 / u.built_area end)) as integer)`;
