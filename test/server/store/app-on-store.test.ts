// The whole app on each store: what the CLI writes, the site serves, on SQLite
// and on PostgreSQL alike.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { createServices } from '../../../src/server/services/index.ts';

forEachStore(
  t,
  'the app serves partners and pages from the store',
  async (t, store) => {
    const { partners, content } = createServices(store);
    await partners.create({ slug: 'playa-homes', name: 'Playa Homes', domain: 'playa-homes.es', primary: '#0a4d68' });
    await content.upsert({ slug: 'notary-fees', title: 'Notary fees', body: 'About 0.5%.' });
    await content.upsert({ slug: 'notary-fees', partner: 'playa-homes', title: 'Notary fees with Playa Homes', body: 'We explain them.' });
    const app = await testApp(t, { store });

    const ready = await app.inject('/readyz');
    t.equal(ready.statusCode, 200, 'the store answers');

    const byHost = await app.inject({
      method: 'POST',
      url: '/api/partner/get-data',
      headers: { host: 'www.playa-homes.es:8080' },
      payload: {},
    });
    t.match(byHost.json(), { partner: { slug: 'playa-homes', colors: { primary: '#0a4d68' } } }, 'by the request host');
    const bySlug = await app.inject({ method: 'POST', url: '/api/partner/get-data', payload: { partner: 'sol-homes' } });
    t.match(bySlug.json(), { partner: { slug: 'sol-homes' } }, 'a demo partner, by slug');
    const unknown = await app.inject({ method: 'POST', url: '/api/partner/get-data', payload: { partner: 'nobody' } });
    t.match(unknown.json(), { partner: { id: 0 } });

    const main = await app.inject('/api/content?slug=notary-fees');
    t.match(main.json(), { data: { title: 'Notary fees' } });
    const own = await app.inject('/api/content?slug=notary-fees&partner=playa-homes');
    t.match(own.json(), { data: { title: 'Notary fees with Playa Homes' } }, "the partner's own page");
    const other = await app.inject('/api/content?slug=notary-fees&partner=sol-homes');
    t.match(other.json(), { data: { title: 'Notary fees' } }, "another partner: the main site's");
  },
  { demo: true },
);
