// The demo data an empty store starts with: two partners with their own colours
// and domains, and logos (demo/logos/, served by api/partner-logos.ts), and the
// main site's content pages in every language. Copy lives in locales/<code>.json.
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Store } from './db.ts';
import type { Database } from './schema.ts';
import { lookup } from '../../shared/i18n.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages.ts';
import { loadLocales, type Locales } from '../locales.ts';
import { ROOT_DIR } from '../paths.ts';

interface DemoPage {
  slug: string;
  title: string;
  summary: string;
  body: string;
}

export const DEMO_PARTNERS = [
  {
    slug: 'costa-casas',
    domain: 'costa-casas.localhost',
    name: 'Costa Casas Inmobiliaria',
    logo: '/media/partners/costa-casas.svg',
    email: 'info@costa-casas.example',
    phone: '+34 965 71 24 80',
    address: 'Calle Ramón Gallud 48',
    city: 'Torrevieja',
    color_primary: '#0b5d4b',
    color_secondary: '#f29f05',
    color_heading: '#f29f05',
  },
  {
    slug: 'sol-homes',
    domain: 'sol-homes.localhost',
    name: 'Sol Homes Makelaardij',
    logo: '/media/partners/sol-homes.svg',
    email: 'hola@sol-homes.example',
    phone: '+34 952 81 40 12',
    address: 'Avenida Ricardo Soriano 19',
    city: 'Marbella',
    color_primary: '#8a1538',
    color_secondary: '#ffffff',
    color_heading: '#ffd6e0',
  },
];

/** The demo's pages in one language's messages: its guides, and the terms of use and privacy statement that registration links to (/terms). */
function pagesIn(messages: unknown): DemoPage[] {
  const pages = lookup(messages, 'demo.pages');
  const terms = lookup(messages, 'accountUi.termsPage') as DemoPage | undefined;
  return [...(Array.isArray(pages) ? (pages as DemoPage[]) : []), ...(terms ? [terms] : [])];
}

/**
 * The demo's pages in every language, from the locale files: those the app has read already, or
 * read here (an unreadable one is left out; the server logs it at start).
 */
export function demoPages(locales: Locales = loadLocales(path.join(ROOT_DIR, 'locales'), { warn: () => {} })): Map<Language, DemoPage[]> {
  return new Map([...locales].map(([language, messages]) => [language, pagesIn(messages)]));
}

export async function seedDemo(store: Store, locales?: Locales): Promise<void> {
  const { db } = store;
  const now = new Date().toISOString();
  const pages = demoPages(locales);
  await db.transaction().execute(async (trx) => {
    const { count } = await trx
      .selectFrom('partners')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) === 0) {
      await trx
        .insertInto('partners')
        .values(DEMO_PARTNERS.map((p) => ({ ...p, created_at: now, updated_at: now })))
        .execute();
      await insertPages(trx, DEFAULT_LANGUAGE, pages.get(DEFAULT_LANGUAGE) ?? [], now);
    }
    await addTranslations(trx, pages, now);
  });
}

/**
 * Each demo page the main site holds as the demo wrote it in English (same
 * slug and title) gets the languages it lacks: a store seeded before pages
 * had languages gets them too, while a page an operator wrote or rewrote
 * under a demo slug is left alone.
 */
async function addTranslations(trx: Kysely<Database>, pages: Map<Language, DemoPage[]>, now: string): Promise<void> {
  const english = pages.get(DEFAULT_LANGUAGE) ?? [];
  if (!english.length) return;
  const stored = await trx
    .selectFrom('content_pages')
    .select(['slug', 'language', 'title'])
    .where('partner_id', 'is', null)
    .where(
      'slug',
      'in',
      english.map((p) => p.slug),
    )
    .execute();
  const demoSlugs = new Set(
    english
      .filter((p) => stored.some((s) => s.slug === p.slug && s.language === DEFAULT_LANGUAGE && s.title === p.title))
      .map((p) => p.slug),
  );
  for (const [language, translated] of pages) {
    const missing = translated.filter((p) => demoSlugs.has(p.slug) && !stored.some((s) => s.slug === p.slug && s.language === language));
    await insertPages(trx, language, missing, now);
  }
}

async function insertPages(trx: Kysely<Database>, language: Language, pages: DemoPage[], now: string): Promise<void> {
  if (!pages.length) return;
  await trx
    .insertInto('content_pages')
    .values(pages.map((p) => ({ ...p, language, partner_id: null, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
