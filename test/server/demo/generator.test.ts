// The demo feed: deterministic, the shipped file is what the generator makes,
// and it covers what the issue asks (real towns at real coordinates, varied
// types, prices, statuses, images with floor plans, documents).
import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import t from 'tap';
import { AREAS } from '../../../src/server/demo/areas.ts';
import { feedChunks, generateFeed, writeFeed } from '../../../src/server/demo/generator.ts';
import { DEMO_FEED_FILE, DEMO_FEED_OPTIONS, seedDemoCatalogue } from '../../../src/server/demo/seed.ts';
import { drawDemoImage } from '../../../src/server/demo/svg.ts';
import { describe, readKyero, type FeedProperty } from '../../../src/server/catalogue-import/kyero.ts';
import { forEachStore } from '../../helpers/db.ts';

const demo = generateFeed(DEMO_FEED_OPTIONS);

async function properties(xml: string): Promise<FeedProperty[]> {
  const out: FeedProperty[] = [];
  for await (const item of readKyero([xml])) {
    if (!item.ok) throw new Error(`rejected: ${item.reason}`);
    out.push(item.property);
  }
  return out;
}

t.test("the shipped demo feed is the generator's output (run `npm run generate-feed -- --demo` after changing it)", async (t) => {
  t.ok(fs.readFileSync(DEMO_FEED_FILE, 'utf8') === demo, 'identical bytes');
  t.equal(generateFeed(DEMO_FEED_OPTIONS), demo, 'the same options, the same feed');
  t.not(generateFeed({ ...DEMO_FEED_OPTIONS, seed: 7 }), demo, 'another seed, another feed');
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (b: Buffer) => parts.push(b));
  const counts = await writeFeed(out, DEMO_FEED_OPTIONS);
  t.equal(Buffer.concat(parts).toString('utf8'), demo, 'streamed, the same bytes');
  t.same(counts, { projects: 150, units: 1500 });
});

t.test('the demo catalogue: real towns at their coordinates, varied homes, prices and statuses', async (t) => {
  const props = await properties(demo);
  t.equal(props.length, 1500);
  const devs = new Map<string, FeedProperty[]>();
  for (const p of props) devs.set(p.developmentRef!, [...(devs.get(p.developmentRef!) ?? []), p]);
  t.equal(devs.size, 150);

  const towns = new Set(props.map((p) => p.town));
  t.same([...towns].sort(), AREAS.map((a) => a.town).sort(), 'every area has developments');
  t.same(new Set(props.map((p) => p.province)), new Set(['Alicante', 'Murcia', 'Málaga', 'Almería']));
  for (const p of props) {
    const area = AREAS.find((a) => a.town === p.town)!;
    if (Math.abs(p.lat! - area.lat) > 0.01 || Math.abs(p.lng! - area.lng) > 0.01) t.fail(`${p.id} is not in ${p.town}`);
  }
  t.ok(new Set(props.map((p) => p.type)).size >= 10, 'varied types');
  t.same(new Set(props.map((p) => p.status)), new Set(['available', 'reserved', 'sold']));
  t.ok(props.filter((p) => p.status === 'available').length > props.length / 2, 'mostly available');
  t.same(new Set(props.map((p) => p.stage)), new Set(['off_plan', 'under_construction', 'key_ready']));
  const homes = props.filter((p) => !['Plot', 'Land'].includes(p.type));
  t.ok(
    homes.every((p) => p.bedrooms! >= 1 && p.bedrooms! <= 5 && p.bathrooms! >= 1 && p.bathrooms! <= 4),
    'bedrooms 1–5, bathrooms 1–4',
  );
  t.ok(
    homes.every((p) => p.built! >= 40),
    'built areas',
  );
  for (const dev of devs.values()) {
    if (!dev.some((p) => p.status === 'available')) t.fail(`${dev[0]!.developmentRef} has nothing for sale`);
    if (new Set(dev.map((p) => p.developmentName)).size !== 1) t.fail('one name per development');
    const urls = new Set(dev.flatMap((p) => p.images.map((i) => i.url)));
    const plans = new Set(dev.flatMap((p) => p.images.filter((i) => i.floorplan).map((i) => i.url)));
    if (urls.size < 3 || urls.size > 8) t.fail(`${dev[0]!.developmentRef}: ${urls.size} images`);
    if (dev[0]!.type !== 'Plot' && dev[0]!.type !== 'Land' && (plans.size < 1 || plans.size > 2))
      t.fail(`${dev[0]!.developmentRef}: ${plans.size} floor plans`);
    if (!dev[0]!.documents.some((d) => d.kind === 'price_list')) t.fail('a price list');
  }
  const prices = (town: string, type: RegExp) => props.filter((p) => p.town === town && type.test(p.type)).map((p) => p.price);
  t.ok(
    Math.min(...prices('Torrevieja', /Apartment|Flat/)) < 180_000,
    `apartments in Torrevieja from ${Math.min(...prices('Torrevieja', /Apartment|Flat/))}`,
  );
  t.ok(Math.max(...prices('Marbella', /Villa/)) > 2_500_000, `villas in Marbella up to ${Math.max(...prices('Marbella', /Villa/))}`);
  t.ok(
    Math.min(...prices('Marbella', /Apartment|Flat/)) > Math.min(...prices('Torrevieja', /Apartment|Flat/)) * 2,
    'Marbella costs more than Torrevieja',
  );
  t.ok(
    props.every((p) => describe(p).description.text.length > 200 && Object.keys(p.descriptions).join() === 'en' && p.features.length >= 3),
    'English descriptions and amenity lists',
  );
  t.ok(
    props.every((p) => p.images.every((i) => i.url.startsWith('/media/demo/'))),
    'pictures served by the site',
  );
});

t.test('every picture and document of the demo feed is drawn', async (t) => {
  const urls = new Set([...demo.matchAll(/<url>\/media\/demo\/([a-z0-9-]+)\.svg<\/url>/g)].map((m) => m[1]!));
  t.ok(urls.size > 1000);
  let drawn = 0;
  for (const name of urls) if (drawDemoImage(name)?.startsWith('<svg')) drawn++;
  t.equal(drawn, urls.size);
});

t.test('large feeds stream one development at a time', async (t) => {
  const chunks = feedChunks({ projects: 50_000 });
  let n = 0;
  let size = 0;
  for (const chunk of chunks) {
    size = Math.max(size, chunk.length);
    if (++n > 200) break;
  }
  t.ok(size < 100_000, `the largest chunk is one development (${size} characters)`);
  const ids = [...generateFeed({ projects: 12_000, seed: 3 }).matchAll(/<development_ref>(DEV-\d+)<\/development_ref>/g)].map((m) => m[1]);
  t.equal(new Set(ids).size, 12_000, 'references stay unique beyond 9,999');
});

forEachStore(t, 'seedDemoCatalogue imports the demo into an empty catalogue, and only then', async (t, store) => {
  const summary = await seedDemoCatalogue(store);
  t.match(summary, { added: 1500, rejectedTotal: 0 });
  const units = await store.db.selectFrom('units').select('source').distinct().execute();
  t.same(units, [{ source: 'demo' }]);
  t.equal(await seedDemoCatalogue(store), null, 'projects exist: nothing to do');
  const version = await store.db.selectFrom('catalogue_meta').select('value').where('key', '=', 'version').executeTakeFirstOrThrow();
  t.equal(version.value, '2', 'two imports: the feed as it stood earlier, then as shipped (history.ts)');
});
