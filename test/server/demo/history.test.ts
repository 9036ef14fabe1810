// The demo's price history (issue 13): seeding imports the feed as it stood
// DEMO_HISTORY_DAYS earlier, then as shipped, so a fresh site has drops, rises
// and status changes to show, always the same ones, and a catalogue that is
// exactly the shipped feed's.
import fs from 'node:fs';
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { DEMO_FEED_FILE, seedDemoCatalogue } from '../../../src/server/demo/seed.ts';
import { DEMO_HISTORY_DAYS, demoEarlier } from '../../../src/server/demo/history.ts';

/** Each unit's price and status as the shipped feed gives them. */
function shipped(): Map<string, { price: number; status: string }> {
  const out = new Map<string, { price: number; status: string }>();
  const xml = fs.readFileSync(DEMO_FEED_FILE, 'utf8');
  for (const m of xml.matchAll(/<id>(.*?)<\/id>[\s\S]*?<price>(\d+)<\/price>[\s\S]*?<status>(\w+)<\/status>/g))
    out.set(m[1]!, { price: Number(m[2]), status: m[3]! });
  return out;
}

forEachStore(t, 'the seeded demo has a history of drops, rises and status changes, and the shipped prices now', async (t, store) => {
  const today = new Date('2026-11-23T12:00:00Z');
  const summary = await seedDemoCatalogue(store, { today });
  t.match(summary, { added: 1500, rejectedTotal: 0 }, "the first import's summary: the catalogue's arrival");

  const units = await store.db.selectFrom('units').select(['feed_id', 'price', 'status', 'created_at']).execute();
  const feed = shipped();
  t.equal(feed.size, 1500);
  t.same(
    units.filter((u) => feed.get(u.feed_id)?.price !== Number(u.price) || feed.get(u.feed_id)?.status !== u.status).map((u) => u.feed_id),
    [],
    "every unit's price and status are the shipped feed's",
  );
  const earlier = new Date(today.getTime() - DEMO_HISTORY_DAYS * 86_400_000).toISOString();
  t.same([...new Set(units.map((u) => u.created_at))], [earlier], 'first seen on the earlier import');

  const history = await store.db
    .selectFrom('unit_history as h')
    .innerJoin('units as u', 'u.id', 'h.unit_id')
    .select(['u.feed_id', 'h.project_id', 'h.changed_at', 'h.price_before', 'h.price', 'h.status_before', 'h.status'])
    .orderBy('u.feed_id')
    .execute();
  const expected = [...feed]
    .map(([id, now]) => ({ id, now, before: demoEarlier(id, now.price, now.status) }))
    .filter(({ now, before }) => now.price !== before.price || now.status !== before.status)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  t.same(
    history.map((h) => [h.feed_id, Number(h.price_before), h.status_before, Number(h.price), h.status]),
    expected.map(({ id, now, before }) => [id, before.price, before.status, now.price, now.status]),
    'the changes history.ts describes, and only those: the same on every seed',
  );
  t.same([...new Set(history.map((h) => h.changed_at))], [today.toISOString()], 'the changes are dated on the seeding day');
  const drops = history.filter((h) => h.price < h.price_before);
  const rises = history.filter((h) => h.price > h.price_before);
  const available = history.filter((h) => h.status_before === 'reserved' && h.status === 'available');
  const reserved = history.filter((h) => h.status_before === 'available' && h.status === 'reserved');
  t.ok(
    drops.length >= 10 && rises.length >= 5 && available.length >= 5 && reserved.length >= 1,
    `${drops.length} drops, ${rises.length} rises, ${available.length} available again, ${reserved.length} reserved`,
  );
  t.same(
    history.filter((h) => !drops.includes(h) && !rises.includes(h) && !available.includes(h) && !reserved.includes(h)),
    [],
    'nothing else',
  );
  const dropped = await store.db.selectFrom('projects').select('id').where('price_dropped_at', '=', today.toISOString()).execute();
  t.equal(dropped.length, new Set(drops.map((d) => d.project_id)).size, 'each project with a drop says "Price reduced"');
});
