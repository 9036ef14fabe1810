// What changed in each client's favorite projects since their last favorites
// mail (issue 13), read from unit_history and units. A client's window for a
// project starts at the later of the favorite's created_at and the client's
// favorite_alerts_since, and ends at the run's time:
//   - a price drop: the unit's price now is below its price when the window
//     began (the first history row's price_before), and it is available now;
//   - available again: the unit went from reserved, sold or withdrawn (no
//     longer in the feed) to available in the window, and is available now;
//   - new units: created in the window in a project listed before them,
//     available and in the feed.
// A unit created in the window counts as new only, never as dropped too. Only
// projects still listed, and in the scope of the client's site, are told of.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { loadScope, scopeShows, type Scope } from '../catalogue/scope.ts';
import type { Language } from '../../../shared/languages.ts';

export interface ProjectChanges {
  projectId: number;
  name: string;
  /** 'Town, Region' */
  place: string;
  /** Old → new price of each unit whose price dropped. */
  drops: Array<{ before: number; after: number }>;
  availableAgain: number;
  newUnits: number;
}

export interface ClientChanges {
  clientId: number;
  email: string;
  partnerId: number | null;
  /** The account's language: its mail's. */
  language: Language;
  projects: ProjectChanges[];
  /** The newest change looked at (mailed or not): the next window starts after it. */
  newest: string;
}

interface Window {
  favorited: string;
  since: string | null;
}

const startOf = (w: Window) => (w.since !== null && w.since > w.favorited ? w.since : w.favorited);

/** The changes of every client whose alerts are on, up to `at` (ISO); clients without any are left out. */
export async function favoriteChanges(db: Kysely<Database>, at: string): Promise<ClientChanges[]> {
  // The favorites of clients whose alerts are on, in listed projects; `inWindow` keeps dates in each one's window.
  const watched = db
    .selectFrom('favorites as f')
    .innerJoin('clients as c', 'c.id', 'f.client_id')
    .innerJoin('projects as p', 'p.id', 'f.project_id')
    .innerJoin('geo_places as town', 'town.id', 'p.town_id')
    .innerJoin('geo_places as region', 'region.id', 'p.region_id')
    .select(['c.email', 'c.language', 'p.name', 'p.region_id', 'town.name as town', 'region.name as region', 'f.client_id', 'c.partner_id'])
    .where('c.favorite_alerts', '=', 1)
    .where('p.withdrawn_at', 'is', null);
  const inWindow = (column: 'h.changed_at' | 'u.created_at') => {
    const date = sql.ref(column);
    const since = sql.ref('c.favorite_alerts_since');
    return sql<SqlBool>`${date} > ${sql.ref('f.created_at')} and (${since} is null or ${date} > ${since}) and ${date} <= ${at}`;
  };

  const history = await watched
    .innerJoin('unit_history as h', 'h.project_id', 'f.project_id')
    .innerJoin('units as u', 'u.id', 'h.unit_id')
    .where(inWindow('h.changed_at'))
    .select([
      'h.project_id',
      'h.unit_id',
      'h.changed_at',
      'h.price_before',
      'h.status_before',
      'h.status',
      'u.price as price_now',
      'u.status as status_now',
      'u.withdrawn_at',
      'u.created_at',
      'f.created_at as favorited',
      'c.favorite_alerts_since as since',
    ])
    .orderBy('h.id')
    .execute();

  const added = await watched
    .innerJoin('units as u', 'u.project_id', 'f.project_id')
    .where(inWindow('u.created_at'))
    .select(['u.project_id', 'u.created_at'])
    .where('u.withdrawn_at', 'is', null)
    .where('u.status', '=', 'available')
    .whereRef('p.listed_at', '<', 'u.created_at')
    .execute();

  type Row = (typeof added)[number];
  const clients = new Map<
    number,
    { email: string; partnerId: number | null; language: Language; newest: string; projects: Map<number, ProjectChanges> }
  >();
  const regions = new Map<number, number>();
  /** The changes of `row`'s project for its client, `date` counted as looked at. */
  const projectOf = (row: Row, date: string) => {
    regions.set(row.project_id, row.region_id);
    let client = clients.get(row.client_id);
    if (!client)
      clients.set(
        row.client_id,
        (client = { email: row.email, partnerId: row.partner_id, language: row.language, newest: date, projects: new Map() }),
      );
    if (date > client.newest) client.newest = date;
    let project = client.projects.get(row.project_id);
    if (!project) {
      const place = `${row.town}, ${row.region}`;
      project = { projectId: row.project_id, name: row.name, place, drops: [], availableAgain: 0, newUnits: 0 };
      client.projects.set(row.project_id, project);
    }
    return project;
  };

  // The first row of each (client, unit) in the window says what the unit cost when it began.
  const firstRows = new Map<string, (typeof history)[number]>();
  const madeAvailable = new Set<string>();
  for (const row of history) {
    const key = `${row.client_id}:${row.unit_id}`;
    if (!firstRows.has(key)) firstRows.set(key, row);
    if (row.status === 'available' && row.status_before !== 'available') madeAvailable.add(key);
    // Looked at, so the next window starts after it whatever it was.
    projectOf(row, row.changed_at);
  }
  for (const [key, row] of firstRows) {
    const project = projectOf(row, row.changed_at);
    const availableNow = row.status_now === 'available' && row.withdrawn_at === null;
    if (!availableNow || row.created_at > startOf(row)) continue;
    if (madeAvailable.has(key)) project.availableAgain++;
    if (row.price_now < row.price_before) project.drops.push({ before: row.price_before, after: row.price_now });
  }
  for (const row of added) projectOf(row, row.created_at).newUnits++;

  const scopes = new Map<number | null, Scope>();
  const result: ClientChanges[] = [];
  for (const [clientId, client] of clients) {
    if (!scopes.has(client.partnerId)) scopes.set(client.partnerId, await loadScope(db, client.partnerId));
    const scope = scopes.get(client.partnerId)!;
    const projects = [...client.projects.values()]
      .filter((p) => p.drops.length || p.availableAgain || p.newUnits)
      .filter((p) => scopeShows(scope, { id: p.projectId, regionId: regions.get(p.projectId)! }))
      .sort((a, b) => a.projectId - b.projectId);
    result.push({ clientId, email: client.email, partnerId: client.partnerId, language: client.language, projects, newest: client.newest });
  }
  return result.sort((a, b) => a.clientId - b.clientId);
}
