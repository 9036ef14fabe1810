import t from 'tap';
import { sql } from 'kysely';
import { forEachStore, forEachTarget } from '../../helpers/db.ts';
import { DEMO_PARTNERS, demoPages, seedDemo } from '../../../src/server/store/seed.ts';
import { uniqueViolation } from '../../../src/server/store/errors.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { migrationProvider } from '../../../src/server/store/migrations.ts';
import type { Language } from '../../../src/shared/languages.ts';

const now = new Date().toISOString();
const partnerRow = (slug: string, domain: string | null) => ({
  slug,
  domain,
  name: slug,
  color_primary: '#000000',
  color_secondary: '#ffffff',
  color_heading: '#ffffff',
  created_at: now,
  updated_at: now,
});
const pageRow = (slug: string, partner_id: number | null, language: Language = 'en') => ({
  slug,
  partner_id,
  language,
  title: slug,
  summary: '',
  body: 'x',
  created_at: now,
  updated_at: now,
});

async function tableNames(store: Store): Promise<string[]> {
  return (await store.db.introspection.getTables()).map((table) => table.name).sort();
}

forEachTarget(t, 'migrations create the tables, and opening again changes nothing', async (t, target) => {
  const first = await target.open();
  const tables = await tableNames(first);
  t.ok(tables.includes('partners'), 'partners');
  t.ok(tables.includes('content_pages'), 'content_pages');
  const columns = (await first.db.introspection.getTables()).find((table) => table.name === 'partners')!.columns.map((c) => c.name);
  t.has(
    new Set(columns),
    new Set([
      'id',
      'slug',
      'domain',
      'name',
      'logo',
      'email',
      'phone',
      'address',
      'city',
      'color_primary',
      'color_secondary',
      'color_heading',
    ]),
  );
  await first.db.insertInto('partners').values(partnerRow('kept', 'kept.example')).execute();
  await first.close();

  const second = await target.open();
  t.same(await tableNames(second), tables, 'the same tables');
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(second.db);
  t.same(
    applied.rows.map((r) => r.name),
    Object.keys(await migrationProvider.getMigrations()),
    'each migration recorded once, in order',
  );
  const kept = await second.db.selectFrom('partners').select('slug').execute();
  t.same(kept, [{ slug: 'kept' }], 'rows survive the reopen');
  await second.ping();
});

forEachStore(t, 'the SQLite store is durable: WAL and synchronous=FULL', async (t, store) => {
  if (store.dialect !== 'sqlite') {
    t.pass("PostgreSQL: durability is the server's own setting");
    return;
  }
  const pragma = async (name: string) => (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(store.db)).rows[0]?.[name];
  t.equal(await pragma('journal_mode'), 'wal');
  t.equal(await pragma('synchronous'), 2, 'FULL');
  t.equal(await pragma('foreign_keys'), 1);
});

forEachStore(t, 'the seed inserts the demo partners and pages, only once', async (t, store) => {
  await seedDemo(store);
  await seedDemo(store);
  const partners = await store.db.selectFrom('partners').selectAll().orderBy('slug').execute();
  t.same(
    partners.map((p) => p.slug),
    ['costa-casas', 'sol-homes'],
  );
  t.equal(partners.length, DEMO_PARTNERS.length);
  t.equal(new Set(partners.map((p) => p.domain)).size, 2, 'distinct domains');
  t.ok(
    partners.every((p) => p.domain),
    'each has a domain',
  );
  t.equal(new Set(partners.map((p) => p.color_primary)).size, 2, 'distinct primary colours');
  t.not(partners[0]!.color_primary, '#13206a', 'not the default colour');
  for (const p of partners) for (const c of [p.color_primary, p.color_secondary, p.color_heading]) t.match(c, /^#[0-9a-f]{6}$/);
  const pages = await store.db.selectFrom('content_pages').select(['slug', 'partner_id', 'language', 'title']).execute();
  const demo = demoPages();
  t.equal(demo.size, 16, 'every language has its demo pages');
  t.equal(pages.length, [...demo.values()].flat().length, 'every demo page in every language, once');
  t.ok(
    pages.every((p) => p.partner_id === null),
    "the demo pages are the main site's",
  );
  const german = pages.find((p) => p.slug === 'buying-process' && p.language === 'de');
  t.equal(german?.title, demo.get('de')!.find((p) => p.slug === 'buying-process')!.title, "German's from de.json");
  t.not(german?.title, demo.get('en')!.find((p) => p.slug === 'buying-process')!.title);
  t.ok(
    pages.some((p) => p.slug === 'terms' && p.language === 'ja'),
    'the terms too',
  );
});

forEachStore(t, "a store seeded in English only gets the demo pages' other languages, not over an operator's page", async (t, store) => {
  const english = demoPages().get('en')!;
  await store.db
    .insertInto('partners')
    .values(DEMO_PARTNERS.map((p) => ({ ...p, created_at: now, updated_at: now })))
    .execute();
  // As a store seeded before pages had languages: the demo's English pages, one of them since rewritten by an operator.
  await store.db
    .insertInto('content_pages')
    .values(english.map((p) => ({ ...pageRow(p.slug, null), title: p.slug === 'nie-number' ? 'Our own NIE guide' : p.title })))
    .execute();
  await seedDemo(store);
  const rows = await store.db.selectFrom('content_pages').select(['slug', 'language']).execute();
  const languagesOf = (slug: string) => rows.filter((r) => r.slug === slug).map((r) => r.language);
  t.equal(languagesOf('buying-process').length, 16, 'a demo page gets every language');
  t.same(languagesOf('nie-number'), ['en'], "the operator's page is left alone");
  t.equal((await store.db.selectFrom('partners').select('id').execute()).length, DEMO_PARTNERS.length, 'no partner added');
  await seedDemo(store);
  t.equal((await store.db.selectFrom('content_pages').select('id').execute()).length, rows.length, 'the second start adds nothing');
});

forEachStore(t, 'the seed leaves a store that already has partners alone', async (t, store) => {
  await store.db.insertInto('partners').values(partnerRow('own', null)).execute();
  await seedDemo(store);
  t.same(await store.db.selectFrom('partners').select('slug').execute(), [{ slug: 'own' }]);
});

forEachStore(t, 'unique indexes hold on both engines, and are told apart', async (t, store) => {
  const { db } = store;
  await db.insertInto('partners').values(partnerRow('a', 'a.example')).execute();
  const violation = (p: Promise<unknown>) => p.then(() => 'no error', uniqueViolation);
  t.equal(await violation(db.insertInto('partners').values(partnerRow('b', 'a.example')).execute()), 'domain');
  t.equal(await violation(db.insertInto('partners').values(partnerRow('a', 'b.example')).execute()), 'slug');
  // Many partners may have no domain.
  await db
    .insertInto('partners')
    .values([partnerRow('c', null), partnerRow('d', null)])
    .execute();

  const a = await db.selectFrom('partners').select('id').where('slug', '=', 'a').executeTakeFirstOrThrow();
  await db.insertInto('content_pages').values(pageRow('costs', null)).execute();
  await db.insertInto('content_pages').values(pageRow('costs', a.id)).execute();
  t.equal(await violation(db.insertInto('content_pages').values(pageRow('costs', null)).execute()), 'slug', 'one main-site page per slug');
  t.equal(
    await violation(db.insertInto('content_pages').values(pageRow('costs', a.id)).execute()),
    'slug',
    'one page per slug per partner',
  );
  await db
    .insertInto('content_pages')
    .values(pageRow('costs', null, 'de'))
    .execute();
  await db
    .insertInto('content_pages')
    .values(pageRow('costs', a.id, 'de'))
    .execute();
  t.equal(
    await violation(
      db
        .insertInto('content_pages')
        .values(pageRow('costs', a.id, 'de'))
        .execute(),
    ),
    'slug',
    'one page per slug, partner and language',
  );
  t.equal(
    await violation(
      db
        .insertInto('content_pages')
        .values(pageRow('costs', null, 'de'))
        .execute(),
    ),
    'slug',
  );
  t.equal(uniqueViolation(new Error('something else')), null);

  await db.deleteFrom('partners').where('id', '=', a.id).execute();
  const left = await db.selectFrom('content_pages').select('partner_id').execute();
  t.same(left, [{ partner_id: null }, { partner_id: null }], "a partner's pages go with it");
});
