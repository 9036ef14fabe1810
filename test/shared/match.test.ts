// The route matcher that the server and the client share.
import t from 'tap';
import { matchCandidates, resolveRoute, dataKey, onOwnDomain, mainBrandPath } from '../../src/shared/match.ts';
import { runMiddleware } from '../../src/shared/middleware.ts';
import { HttpError } from '../../src/shared/errors.ts';
import { routes } from '../../src/shared/routes.ts';

const partners = new Set(['costa-casas']);
const exists = (slug: string) => partners.has(slug);

async function name(path: string, host: string | null = null) {
  return (await resolveRoute(path, exists, host)).route.name;
}

t.test('paths resolve to their routes', async (t) => {
  t.equal(await name('/'), 'main:home');
  t.equal(await name('/contact'), 'main:contact');
  t.equal(await name('/login'), 'main:login');
  t.equal(await name('/old'), 'old:content');
  t.equal(await name('/old/client-login'), 'old:client-login');
  t.equal(await name('/old/for-sale'), 'old:for-sale');
  t.equal(await name('/old/for-sale/12'), 'old:for-sale');
  t.equal(await name('/old/search'), 'old:search');
  t.equal(await name('/old/search/spain/alicante/torrevieja'), 'old:search');
  t.equal(await name('/old/search/bbbbbbbbb_type/old_'), 'old:search-type-old');
  t.equal(await name('/old/search/bbbbbbbbb_type/apartment'), 'old:search-type');
  t.equal(await name('/old/client-reset-password/abc123'), 'old:client-reset-password');
  t.equal(await name('/old/buying-process'), 'old:content');
  t.equal(await name('/costa-casas'), 'partner:home');
  t.equal(await name('/costa-casas/new-build-pages'), 'partner:new-build-pages');
  t.equal(await name('/costa-casas/search/bbbbbbbbb_type/old_'), 'partner:search-type-old');
  t.equal(await name('/costa-casas/buying-process'), 'partner:content');
  t.equal(await name('/buying-process'), 'main:content', 'a slug that is no partner is a main content page');
  t.equal(await name('/COSTA-CASAS/contact'), 'partner:contact', 'partner slugs are case-insensitive');
});

t.test('params are decoded; malformed escapes match nothing', async (t) => {
  const [m] = matchCandidates('/old/caf%C3%A9');
  t.equal(m?.params.content, 'café');
  t.same(matchCandidates('/old/%E0%A4%A'), []);
});

t.test('an unknown partner is Not Found; an unknown path is This page could not be found', async (t) => {
  await t.rejects(resolveRoute('/nobody/contact', exists, null), new HttpError(404, 'Not Found'));
  await t.rejects(resolveRoute('/a/b/c/d/e', exists, null), new HttpError(404, 'This page could not be found'));
});

t.test("on a partner's own domain, only that partner's routes apply", async (t) => {
  t.equal(await name('/', 'costa-casas'), 'partner:home', "the domain's root is the partner's home");
  t.equal(await name('/new-build-pages', 'costa-casas'), 'partner:new-build-pages');
  t.equal(await name('/contact', 'costa-casas'), 'partner:contact');
  t.equal(await name('/search/spain/alicante', 'costa-casas'), 'partner:search');
  t.equal(await name('/for-sale/12', 'costa-casas'), 'partner:for-sale');
  t.equal(await name('/buying-process', 'costa-casas'), 'partner:content', "content pages are the partner's (its own or the shared ones)");
  t.equal(
    await name('/franchise', 'costa-casas'),
    'partner:content',
    "except the main brand's franchise (the server answers it with a 301)",
  );
  t.ok(
    mainBrandPath('/franchise') && !mainBrandPath('/contact') && !mainBrandPath('/costa-casas/franchise'),
    "the paths that are the main brand's own",
  );
  t.equal(await name('/login', 'costa-casas'), 'main:login', 'a main page the partner section lacks is the main one, not a content slug');
  t.equal(await name('/old/contact', 'costa-casas'), 'old:contact');
  t.equal(await name('/costa-casas/contact', 'costa-casas'), 'partner:contact', 'the long form still works');
  const home = await resolveRoute('/', exists, 'costa-casas');
  t.equal(home.params.partner, 'costa-casas', 'the page reads as the partner');
  await t.rejects(
    resolveRoute('/sol-homes/contact', () => true, 'costa-casas'),
    new HttpError(404, 'Not Found'),
  );
});

t.test('middleware: partner does nothing, an unknown name is a 500', async (t) => {
  const match = await resolveRoute('/costa-casas/contact', exists, null);
  t.same(match.route.middleware, ['partner'], 'a partner route names the partner middleware');
  await t.resolves(runMiddleware(match), 'which does nothing');
  await t.rejects(
    runMiddleware({ ...match, route: { ...match.route, middleware: ['partner', 'auth-x'] } }),
    new HttpError(500, 'Unknown middleware auth-x'),
  );
  await t.rejects(
    runMiddleware({ ...match, route: { ...match.route, middleware: ['toString'] } }),
    new HttpError(500, 'Unknown middleware toString'),
    'no prototype names',
  );
});

t.test('data keys are stable whatever the order of the query', async (t) => {
  t.equal(dataKey({ endpoint: '/api/content', query: { slug: 'a', partner: 'b' } }), '/api/content?partner=b&slug=a');
  t.equal(dataKey({ endpoint: '/api/content', query: { partner: 'b', slug: 'a' } }), '/api/content?partner=b&slug=a');
  t.equal(dataKey({ endpoint: '/api/content-list', query: {} }), '/api/content-list');
  // SPEC §2's routes, plus the client's profile page (issue 5) in each section that has accounts.
  // Plus the saved searches' four pages and the favorites alerts' unsubscribe page (issue 13), where a typed place leads and the comparison (issue 22),
  // the buying-costs calculator (issue 23) and the languages page (issue 24), in every section.
  const later = (name: string) =>
    /:(?:profile|places|compare|buying-costs|languages)$/.test(name) || /:(?:saved-search|favorite-alerts)-/.test(name);
  const specRoutes = (section: string) => routes.filter((r) => r.section === section && !later(r.name)).length;
  t.equal(specRoutes('partner'), 15, 'the fifteen partner routes of SPEC §2');
  t.equal(specRoutes('old'), 11, 'the eleven old-section routes of SPEC §2');
});

t.test('the layout: partner first, plain for no route, else the route own', async (t) => {
  const { layoutFor } = await import('../../src/shared/match.ts');
  const contact = await resolveRoute('/contact', exists, null);
  t.equal(layoutFor(contact, false), 'main');
  t.equal(layoutFor(contact, true), 'partner', "a partner's own domain wears its layout");
  t.equal(layoutFor(await resolveRoute('/old/contact', exists, null), false), 'default');
  t.equal(layoutFor(await resolveRoute('/login', exists, null), false), 'app-pages');
  t.equal(layoutFor(null, false), 'plain-app');
  t.equal(layoutFor(null, true), 'partner');
});

t.test("a redirect on a partner's own domain drops the /{slug} prefix", async (t) => {
  t.equal(onOwnDomain('/costa-casas/search?x=1', 'costa-casas'), '/search?x=1');
  t.equal(onOwnDomain('/costa-casas', 'costa-casas'), '/');
  t.equal(onOwnDomain('/costa-casas?x=1', 'costa-casas'), '/?x=1');
  t.equal(onOwnDomain('/costa-casas-two/search', 'costa-casas'), '/costa-casas-two/search', 'another slug that starts alike');
  t.equal(onOwnDomain('/login?redirect=%2Ffavorites', 'costa-casas'), '/login?redirect=%2Ffavorites');
  t.equal(onOwnDomain('/costa-casas/search', null), '/costa-casas/search', 'not on a partner domain');
});
