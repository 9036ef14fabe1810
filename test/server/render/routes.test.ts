// Every route pattern of the table answers with the right status and layout.
import t from 'tap';
import { routes, RESERVED_SLUGS } from '../../../src/shared/routes.ts';
import { testApp } from '../../helpers/app.ts';
import { layoutOf, stateOf } from '../../helpers/html.ts';

const PAGE = 'route-test-page';

/** A concrete path for a pattern: the demo partner, a page of the store, sample ids. */
function samplePaths(pattern: string): string[] {
  const fill = (optional: boolean) =>
    pattern
      .replace(':partner', 'costa-casas')
      .replace(/:content\??/, PAGE)
      .replace(/\/:id\?/, optional ? '' : '/12') // a project of the demo catalogue
      .replace(/\/\*\?$/, optional ? '' : '/spain/alicante');
  return [...new Set([fill(false), fill(true)])];
}

t.test('every route answers with its layout', async (t) => {
  const app = await testApp(t);
  const now = new Date().toISOString();
  await app.store.db
    .insertInto('content_pages')
    .values({ slug: PAGE, partner_id: null, title: 'Route test', summary: '', body: 'Body', created_at: now, updated_at: now })
    .execute();

  for (const route of routes) {
    for (const path of samplePaths(route.path)) {
      const res = await app.inject(path);
      if (route.page === 'for-sale' && !/\/for-sale\/\d/.test(path)) {
        t.equal(res.statusCode, 301, `${route.name} ${path} without an id moves to the search`);
        t.equal(res.headers.location, path.replace(/for-sale$/, 'search'), `${path} goes to the section's search`);
        continue;
      }
      if (route.page === 'place-choice') {
        t.equal(res.statusCode, 302, `${route.name} ${path} without a place name goes to the whole search`);
        t.equal(res.headers.location, path.replace(/places$/, 'search'), `${path} goes to the section's search`);
        continue;
      }
      // A mailed link's page (saved searches): a token that names nothing is a 404 (its pages: test/server/saved-searches).
      if (route.path.includes(':token')) {
        t.equal(res.statusCode, 404, `${route.name} ${path} with an unknown token is 404`);
        continue;
      }
      if (route.auth === 'required') {
        t.equal(res.statusCode, 302, `${route.name} ${path} sends anonymous visitors to log in`);
        // Its own section's login: /old/client-login, /{partner}/client-login, the main site's /login.
        const section = /^\/([^/]+)\/./.exec(path)?.[1];
        const login = section ? `/${section}/client-login` : '/login';
        t.equal(
          res.headers.location,
          `${login}?redirect=${encodeURIComponent(path)}`,
          `${path} remembers where the visitor was, at its section's login`,
        );
        continue;
      }
      t.equal(res.statusCode, 200, `${route.name} ${path} is 200`);
      const state = stateOf(res.body);
      t.equal(state.route, route.name, `${path} renders route ${route.name}`);
      const layout = route.section === 'partner' ? 'partner' : route.layout;
      t.equal(layoutOf(res.body), layout, `${path} uses the ${layout} layout`);
      t.equal(state.layout, layout, `${path} state names the layout`);
    }
  }
});

t.test('static routes win over /{partner}, and partner slugs cannot take their names', async (t) => {
  const app = await testApp(t);
  for (const path of ['/contact', '/franchise', '/uw-makelaar', '/wonen-en-leven', '/login', '/old']) {
    const res = await app.inject(path);
    t.equal(res.statusCode, 200, path);
    t.not(stateOf(res.body).route, 'partner:home', `${path} is not read as a partner`);
  }
  for (const slug of ['old', 'contact', 'franchise', 'uw-makelaar', 'wonen-en-leven', 'login', 'search', 'for-sale', 'api', 'assets']) {
    t.ok(RESERVED_SLUGS.has(slug), `${slug} is reserved`);
  }
});

t.test('a partner is resolved by its own domain first', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({ url: '/', headers: { host: 'costa-casas.localhost:8080' } });
  t.equal(res.statusCode, 200);
  const state = stateOf(res.body);
  t.equal(state.state.partner?.slug, 'costa-casas');
  t.equal(state.state.partner_id, state.state.partner?.id);
  t.equal(state.hostPartner, 'costa-casas');
  t.equal(layoutOf(res.body), 'partner', 'the main routes wear the partner layout on its domain');
  t.match(res.body, /--color-primary:#0b5d4b/);

  t.equal(state.route, 'partner:home', "the domain's root is the partner's home");
  const newBuild = await app.inject({ url: '/new-build-pages', headers: { host: 'costa-casas.localhost' } });
  t.equal(newBuild.statusCode, 200, "the partner's new-build page answers at its short address");
  t.equal(stateOf(newBuild.body).route, 'partner:new-build-pages');
  const living = await app.inject({ url: '/wonen-en-leven', headers: { host: 'costa-casas.localhost' } });
  t.equal(stateOf(living.body).route, 'partner:living', "the partner's own page at its short address");
  const franchise = await app.inject({ url: '/franchise', headers: { host: 'costa-casas.localhost' } });
  t.same(
    [franchise.statusCode, franchise.headers.location],
    [301, 'http://localhost:3000/franchise'],
    "the main brand's franchise: to the main site (issue 10)",
  );

  const other = await app.inject({ url: '/sol-homes/contact', headers: { host: 'costa-casas.localhost' } });
  t.equal(other.statusCode, 404, "another partner's pages are not served on a partner's domain");
});

t.test("a path starting with '//' is a path, not another host's address", async (t) => {
  const app = await testApp(t);
  for (const url of ['//for-sale', '//contact', '//evil.example/x']) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 404, `${url} names no page`);
    t.not(stateOf(res.body).route, 'main:home', `${url} is not the home page`);
  }
});
