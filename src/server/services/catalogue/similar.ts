// Similar projects, at the foot of a project's page (issue 4): listed projects
// of the same region that offer the project's category, within the partner's
// scope, the project itself left out. Those in the same town come first, then
// the closest in price (the newest when the project has no price), the id
// breaking ties so that the answer is stable.
//
// The conditions are the search's (search.ts), so "listed", "offers the
// category" and "in the scope" mean exactly what they mean in a search, and the
// query runs on the same partial place index.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { ProjectCard, PropertySearch } from '../../../shared/catalogue.ts';
import { PRICE_UPPER_BOUND, SEARCH_ACCOUNT_ID } from '../../../shared/constants.ts';
import { inScope, type Scope } from './scope.ts';
import { searchConditions } from './search.ts';
import { loadCards } from './cards.ts';
import { runKept } from '../../store/kept-queries.ts';

/** How many similar projects a page shows: one row of cards. */
export const SIMILAR_COUNT = 4;

/** null: the project is unknown, withdrawn or outside the scope (as for its detail). */
export async function similarProjects(db: Kysely<Database>, id: number, scope: Scope): Promise<ProjectCard[] | null> {
  const scoped = inScope(scope);
  const [project] = await runKept(db, scoped ? null : 'similar-to', [id] as const, ([of]) =>
    db
      .selectFrom('projects as p')
      .select(['p.country_id', 'p.region_id', 'p.town_id', 'p.category_id', 'p.price_min'])
      .where('p.id', '=', of)
      .where('p.withdrawn_at', 'is', null)
      .$if(scoped !== null, (qb) => qb.where(scoped!)),
  );
  if (!project) return null;

  const filters: PropertySearch = {
    account_id: SEARCH_ACCOUNT_ID,
    cat: [project.category_id],
    priceto: PRICE_UPPER_BOUND,
    sort: 'newest',
    page: 1,
    per_page: SIMILAR_COUNT,
  };
  const where = searchConditions(filters, { countries: [project.country_id], regions: [project.region_id], towns: [] }, scope);
  const price = project.price_min === null ? null : Number(project.price_min);
  const closeness = price === null ? sql`p.updated_at desc` : sql`abs(p.price_min - ${price})`;
  const { rows } = await sql<{ id: number }>`
    select p.id from projects p
    where ${sql.join(where, sql` and `)} and p.id <> ${id}
    order by case when p.town_id = ${project.town_id} then 0 else 1 end, ${closeness}, p.id
    limit ${SIMILAR_COUNT}`.execute(db);
  return loadCards(
    db,
    rows.map((r) => Number(r.id)),
  );
}
