// The demo data an empty store starts with: two partners with their own colours
// and domains, and logos (demo/logos/, served by api/partner-logos.ts), and the
// main site's content pages. Copy lives in locales/en.json.
import type { Store } from './db.ts';
import { lookup } from '../../shared/i18n.ts';
import en from '../../../locales/en.json' with { type: 'json' };

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

export function demoPages(): DemoPage[] {
  const pages = lookup(en, 'demo.pages');
  // The terms of use and privacy statement that registration links to (/terms).
  const terms = lookup(en, 'accountUi.termsPage') as DemoPage | undefined;
  return [...(Array.isArray(pages) ? (pages as DemoPage[]) : []), ...(terms ? [terms] : [])];
}

export async function seedDemo(store: Store): Promise<void> {
  const { db } = store;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const { count } = await trx
      .selectFrom('partners')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) return;
    await trx
      .insertInto('partners')
      .values(DEMO_PARTNERS.map((p) => ({ ...p, created_at: now, updated_at: now })))
      .execute();
    const pages = demoPages();
    if (pages.length)
      await trx
        .insertInto('content_pages')
        .values(pages.map((p) => ({ ...p, partner_id: null, created_at: now, updated_at: now })))
        .onConflict((oc) => oc.doNothing())
        .execute();
  });
}
