// The developments a home page features (issue 22): the newest listings, those
// whose price was reduced lately and those ready to move into, chosen from the
// catalogue as it is, within the partner's scope, no development in two lists.
// "Listed" and "in the scope" mean what they mean in a search (search.ts).
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { FeaturedAnswer } from '../../../shared/catalogue.ts';
import { DAY_MS } from '../../../shared/durations.ts';
import { PRICE_REDUCED_DAYS } from '../../../shared/price-history.ts';
import { inScope, type Scope } from './scope.ts';
import { LISTED, ORDER } from './search.ts';
import { loadCards } from './cards.ts';

/** How many developments each list shows: one row of cards. */
export const FEATURED_EACH = 3;

/** Enough of each list's best to fill it after the developments of the lists before it are left out. */
const CANDIDATES = FEATURED_EACH * 3;

export async function featuredProjects(db: Kysely<Database>, scope: Scope, now = Date.now()): Promise<FeaturedAnswer['data']> {
  const scoped = inScope(scope);
  const best = async (condition: Expression<SqlBool> | null, order: ReturnType<typeof sql>) => {
    const where = [LISTED, ...(condition ? [condition] : []), ...(scoped ? [scoped] : [])];
    const { rows } = await sql<{ id: number }>`
      select p.id from projects p where ${sql.join(where, sql` and `)} order by ${order} limit ${CANDIDATES}`.execute(db);
    return rows.map((r) => Number(r.id));
  };
  const [newest, reduced, keyReady] = await Promise.all([
    best(null, ORDER.newest),
    best(
      sql<SqlBool>`p.price_dropped_at >= ${new Date(now - PRICE_REDUCED_DAYS * DAY_MS).toISOString()}
        and p.price_dropped_at <= ${new Date(now).toISOString()}`,
      sql`p.price_dropped_at desc, p.id desc`,
    ),
    best(sql<SqlBool>`p.stage = 'key_ready'`, ORDER.newest),
  ]);
  const taken = new Set<number>();
  const pick = (ids: number[]) => {
    const chosen = ids.filter((id) => !taken.has(id)).slice(0, FEATURED_EACH);
    for (const id of chosen) taken.add(id);
    return chosen;
  };
  const lists = { newest: pick(newest), reduced: pick(reduced), key_ready: pick(keyReady) };
  const cards = new Map((await loadCards(db, [...taken])).map((card) => [card.id, card]));
  const of = (ids: number[]) => ids.flatMap((id) => cards.get(id) ?? []);
  return { newest: of(lists.newest), reduced: of(lists.reduced), key_ready: of(lists.key_ready) };
}
