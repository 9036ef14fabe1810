// What writing parameters `+?` buys (src/server/store/sqlite-parameters.ts):
// reads shaped as the property page's (the same tables, joins, conditions and
// orders, fewer columns; written here, not the builders' text) run on the demo
// catalogue with bare `?` and with `+?`, each kept prepared, in interleaved
// rounds. SQLite compiles the first form again before every run (its planner
// looked at the bound value), the second once. Prints µs per run, medians and
// spread, and their ratio. In-process, one core; about ten seconds.
//
//   npx tsx bench/sqlite-parameters.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { openStore, SQLITE_FILE } from '../src/server/store/db.ts';
import { seedDemoSite } from '../src/server/demo/seed.ts';
import { plannedOnce } from '../src/server/store/sqlite-parameters.ts';
import { median, spread, textTable } from './table.ts';

const ROUNDS = 7;
const RUNS = 2000;

/** Reads shaped as a property page's (services/catalogue), by what they read; `?` is the project's id. */
const READS: Record<string, string> = {
  'units (ORDER BY price)':
    'select u.id, u.ref, u.category_id, c.key as category_key, u.bedrooms, u.bathrooms, u.built_area, u.price, u.status from units as u inner join categories as c on c.id = u.category_id where u.project_id = ? and u.withdrawn_at is null order by u.price, u.id',
  'pictures (ORDER BY position)':
    'select i.id, i.url, i.caption, f.status, f.key, f.width, f.height from images as i left join photos as f on f.url = i.url where i.project_id = ? and i.floorplan = 0 order by i.position, i.id',
  'files (ORDER BY position)': 'select id, kind, title, url, registered_only from project_files where project_id = ? order by position, id',
  'categories (ORDER BY id)':
    'select c.id, c.key from project_categories as pc inner join categories as c on c.id = pc.category_id where pc.project_id = ? order by c.id',
  'project (by id, no ORDER BY)':
    'select p.id, p.name, c.key, t.name as town from projects as p inner join categories as c on c.id = p.category_id inner join geo_places as t on t.id = p.town_id where p.id = ? and p.withdrawn_at is null',
};

function microsPerRun(statement: Database.Statement, id: number): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i++) statement.all(id);
  return Number(process.hrtime.bigint() - started) / RUNS / 1000;
}

export async function runSqliteParametersBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-parameters-'));
  try {
    const store = await openStore({ dataDir });
    await seedDemoSite(store);
    await store.close();
    const db = new Database(path.join(dataDir, SQLITE_FILE), { readonly: true });
    const { id } = db.prepare('select project_id as id from units group by project_id order by count(*) desc limit 1').get() as {
      id: number;
    };
    const rows = Object.entries(READS).map(([name, source]) => {
      const bare = db.prepare(source);
      const planned = db.prepare(plannedOnce(source));
      const times = { bare: [] as number[], planned: [] as number[] };
      microsPerRun(bare, id);
      microsPerRun(planned, id);
      for (let round = 0; round < ROUNDS; round++)
        // Who goes first turns each round.
        for (const form of round % 2 ? (['planned', 'bare'] as const) : (['bare', 'planned'] as const))
          times[form].push(microsPerRun(form === 'bare' ? bare : planned, id));
      return [
        name,
        median(times.bare).toFixed(1),
        spread(times.bare, 1),
        median(times.planned).toFixed(1),
        spread(times.planned, 1),
        (median(times.planned) / median(times.bare)).toFixed(2),
      ];
    });
    db.close();
    console.log(`# the demo's project with the most units (${id}); ${ROUNDS} interleaved rounds of ${RUNS} runs per form`);
    console.log(textTable(['read', '? µs', 'spread', '+? µs', 'spread', '+? ÷ ?'], rows, 1));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runSqliteParametersBench();
