// The sitemaps are written once per version of what they list and served
// from that copy: a later request reads no project, a changed catalogue (its
// version bumped, as every import does) or content page gives new ones, the
// warm-up job writes the main site's before a crawler asks, every
// instance on the same database sees the change, each host has its own copy,
// and the copy is sent compressed as the client accepts.
import zlib from 'node:zlib';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { jobRuns } from '../../helpers/wait.ts';
import { buildCatalogue, isSearchable } from '../../helpers/catalogue.ts';
import { createServices } from '../../../src/server/services/index.ts';
import { bumpCatalogueVersion } from '../../../src/server/store/catalogue-version.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { parseSitemap } from './sitemap-xml.ts';
import { LANGUAGES } from '../../../src/shared/languages.ts';

const SITE = 'https://www.example.com';
const env = { SEED_DEMO: 'false', SITE_URL: SITE };

/** Whether a project is listed, in any language. */
const listsProject = (locs: string[], id: number) => locs.some((loc) => loc.endsWith(`/for-sale/${id}`));

const locs = async (app: FastifyInstance, host = 'localhost') => {
  const res = await app.inject({ url: '/sitemap.xml', headers: { host } });
  if (res.statusCode !== 200) throw new Error(`/sitemap.xml answered ${res.statusCode}`);
  return parseSitemap(res.body).entries.map((e) => e.loc);
};

/** Counts the reads of `projects` through the store's query builder. */
function countProjectReads(store: Store): { reads: number } {
  const counter = { reads: 0 };
  const selectFrom = store.db.selectFrom.bind(store.db);
  store.db.selectFrom = ((from: unknown) => {
    if (typeof from === 'string' && /^projects\b/.test(from)) counter.reads++;
    return selectFrom(from as never);
  }) as typeof store.db.selectFrom;
  return counter;
}

forEachStore(t, 'a later request is served from the copy; a new catalogue version writes a new one', async (t, store) => {
  const fixture = await buildCatalogue(store.db, { projects: 60, seed: 77 });
  const app = await testApp(t, { store, env });
  const counter = countProjectReads(store);
  const first = await locs(app);
  t.ok(counter.reads > 0, 'the first request writes the sitemap from the projects');

  // A project withdrawn behind the version's back: the copy still lists it.
  const gone = fixture.projects.filter(isSearchable)[0]!;
  t.ok(first.includes(`${SITE}/for-sale/${gone.id}`));
  await store.db.updateTable('projects').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
  counter.reads = 0;
  const [second, third] = await Promise.all([locs(app), locs(app)]);
  t.equal(counter.reads, 0, 'later requests read no project');
  t.same(second, first, 'served from the copy');
  t.same(third, first);

  await bumpCatalogueVersion(store.db);
  const after = await locs(app);
  t.notOk(listsProject(after, gone.id), 'a new version lists the catalogue as it is');
  t.equal(after.length, first.length - LANGUAGES.length, 'in no language');
});

forEachStore(t, "the warm-up job writes the main site's before the first request", async (t, store) => {
  const fixture = await buildCatalogue(store.db, { projects: 60, seed: 81 });
  const runs = jobRuns();
  const app = await testApp(t, { store, env, catalogueWarmup: { everyMs: 20, onRun: runs.onRun } });
  await app.ready();
  await runs.after(2);
  const counter = countProjectReads(store);
  const first = await locs(app);
  t.equal(counter.reads, 0, 'the first request after start reads no project');

  const gone = fixture.projects.filter(isSearchable)[0]!;
  await store.db.updateTable('projects').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
  await bumpCatalogueVersion(store.db);
  await runs.after(2);
  counter.reads = 0;
  const after = await locs(app);
  t.equal(counter.reads, 0, 'the first request after the import reads no project');
  t.notOk(listsProject(after, gone.id), 'written for the new version');
  t.equal(after.length, first.length - LANGUAGES.length, 'in no language');
});

forEachStore(t, 'a second instance on the same database sees the new version; a content page shows at once', async (t, store) => {
  const fixture = await buildCatalogue(store.db, { projects: 30, seed: 78 });
  const [one, two] = [await testApp(t, { store, env }), await testApp(t, { store, env })];
  t.same(await locs(one), await locs(two));
  const gone = fixture.projects.filter(isSearchable)[0]!;
  await store.db.updateTable('projects').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
  await bumpCatalogueVersion(store.db);
  for (const app of [one, two]) t.notOk(listsProject(await locs(app), gone.id), 'each instance');

  await createServices(store).content.upsert({ slug: 'new-guide', title: 'Guide', body: 'Text.' });
  for (const app of [one, two]) t.ok((await locs(app)).includes(`${SITE}/new-guide`), 'a new content page without an import');
});

forEachStore(t, "each host has its own copy: a partner's domain's and the main site's", async (t, store) => {
  await buildCatalogue(store.db, { projects: 30, seed: 80 });
  await createServices(store).partners.create({ slug: 'alpha-homes', name: 'Alpha Homes', domain: 'alpha.localhost', indexing: 'noindex' });
  const app = await testApp(t, { store, env });
  const listsProjects = (entries: string[]) => entries.some((loc) => loc.includes('/for-sale/'));
  t.ok(listsProjects(await locs(app)), 'the main site lists the projects');
  const partner = await locs(app, 'alpha.localhost');
  t.notOk(listsProjects(partner), "the partner's domain does not");
  t.ok(
    partner.every((loc) => loc.startsWith('https://alpha.localhost/')),
    "on the partner's domain",
  );
  t.ok(listsProjects(await locs(app)), 'the main site still does');
});

forEachStore(t, "the main site's copy stays kept however many partners' domains are crawled", async (t, store) => {
  await buildCatalogue(store.db, { projects: 30, seed: 82 });
  const { partners } = createServices(store);
  const domains = Array.from({ length: 70 }, (_, i) => `p${i}.localhost`);
  for (const [i, domain] of domains.entries())
    await partners.create({ slug: `partner-${i}`, name: `Partner ${i}`, domain, indexing: 'noindex' });
  const app = await testApp(t, { store, env });
  const first = await locs(app);
  const counter = countProjectReads(store);
  for (const domain of domains) await locs(app, domain);
  t.same(await locs(app), first);
  t.equal(counter.reads, 0, 'the main site is served from its copy');
});

forEachStore(t, 'the numbered pages are kept too, and sent as Brotli or gzip when accepted', async (t, store) => {
  await buildCatalogue(store.db, { projects: 60, seed: 79 });
  const app = await testApp(t, { store, env, sitemapMaxUrls: 25 });
  const plain = await app.inject({ url: '/sitemap-2.xml', headers: { host: 'localhost' } });
  t.equal(plain.statusCode, 200);
  t.equal(parseSitemap(plain.body).entries.length, 25);
  const counter = countProjectReads(store);
  for (const [coding, unpack] of [
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const) {
    const res = await app.inject({ url: '/sitemap-2.xml', headers: { host: 'localhost', 'accept-encoding': coding } });
    t.equal(res.headers['content-encoding'], coding);
    t.match(res.headers.vary, /Accept-Encoding/);
    t.equal(unpack(res.rawPayload).toString(), plain.body, `${coding}: the same sitemap`);
  }
  t.equal(counter.reads, 0, 'from the copy');
});
