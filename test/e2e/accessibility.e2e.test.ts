// axe-core over every page type (issue 4, "Tests"; issue 10: no violation of
// any impact): the home, a place search with results in its grid and its map
// view, a demo property (with its price history), contact, broker, login, register, forgot password,
// profile and favorites (logged in), a visitor's favorites, a content page, a
// partner's home, the saved-search pages (the save form, sent, manage with a
// search listed, unsubscribe), the favorites alerts' unsubscribe page and a
// 404, each at 1280 × 800 and 390 × 844, after hydration and once the page's
// own late parts (Leaflet, Glide) are drawn. Any violation fails, named by rule, impact and the failing nodes' selectors.
// The home is also checked on a first visit, with the cookie bar; elsewhere
// the visitor has already chosen (necessary cookies only), so the bar covers
// nothing axe should see (the dialog: test/e2e/consent.e2e.test.ts).
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { startServer } from '../helpers/app.ts';
import { mailTo, savedSearchLink } from '../helpers/outbox.ts';
import { mintToken } from '../../src/server/services/saved-searches/links.ts';
import { alertLinks } from '../../src/server/services/favorite-alerts/links.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import type { SearchAnswer } from '../../src/shared/catalogue.ts';
import { unitChanged, type PriceHistoryAnswer } from '../../src/shared/price-history.ts';
import { SESSION_COOKIE } from '../../src/shared/constants.ts';

// 66 page loads with axe in one browser: about 150 s on a quiet runner, near tap's 300 s on a loaded one.
t.setTimeout(600_000);

/** Same-origin map tiles (a demo picture for every tile): no request leaves the machine. */
const LOCAL_TILES = '/media/demo/garden-1.svg?tile={z}-{x}-{y}';
const PLACE = '/search/spain/alicante/torrevieja';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

interface Target {
  name: string;
  path: string;
  status: number;
  /** Logged in as a client with a favorite. */
  client?: boolean;
  /** A first visit: no cookie choice yet, the bar showing. */
  undecided?: boolean;
  /** What must be on screen before axe looks: the page's late parts. */
  ready?: string[];
  /** A part that loads its code as it comes near the screen (a map): scrolled to before waiting for `ready`. */
  reveal?: string;
  /** On the partner's own domain (costa-casas.localhost) rather than the main host. */
  ownDomain?: boolean;
  /** A control to click once ready (a disclosure whose content axe should see). */
  open?: string;
}

/** A listed demo project with pictures, units on sale and a price history, so every part of its page is drawn. */
async function demoProject(url: string): Promise<number> {
  const answer = (await (await fetch(`${url}/api/properties?account_id=1&per_page=48`)).json()) as SearchAnswer;
  for (const { id } of answer.data) {
    const res = await fetch(`${url}/api/property?id=${id}`);
    if (!res.ok) continue;
    const { data } = (await res.json()) as { data: { images: unknown[]; units_available: number } };
    const history = (await (await fetch(`${url}/api/project/price-history?id=${id}`)).json()) as PriceHistoryAnswer;
    if (data.images.length >= 2 && data.units_available > 0 && history.data.some(unitChanged)) return id;
  }
  throw new Error('no demo project with pictures, units and a price history');
}

/** A client (registered through the API) with `project` as a favorite: the session token. */
async function client(url: string, project: number): Promise<string> {
  const password = 'correct horse battery staple';
  const res = await fetch(`${url}/api/client-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'axe@example.com', password, password_repeat: password, terms: true, favorites: [project] }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status}`);
  return ((await res.json()) as { meta: { token: string } }).meta.token;
}

/** A confirmed saved search (saved, its mail's link followed): the manage page's and an unsubscribe link's tokens. */
async function savedSearch(app: FastifyInstance, url: string): Promise<{ manage: string; unsubscribe: string }> {
  const email = 'axe-alerts@example.com';
  const res = await fetch(`${url}/api/saved-searches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, search: `${PLACE}?bedrooms=2`, frequency: 'daily' }),
  });
  if (res.status !== 201) throw new Error(`save: ${res.status}`);
  const confirm = new URL(savedSearchLink((await mailTo(app, email)).text ?? '', 'confirm')).pathname;
  const manage = (await fetch(`${url}${confirm}`, { redirect: 'manual' })).headers
    .get('location')
    ?.match(/manage\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!manage) throw new Error('confirm: no manage page');
  const search = await app.store.db.selectFrom('saved_searches').select(['id', 'address_id']).executeTakeFirstOrThrow();
  return { manage, unsubscribe: await mintToken(app.store.db, 'unsubscribe', search.address_id, search.id, new Date()) };
}

/** The token of a favorites mail's unsubscribe link for the client registered above. */
async function favoriteAlertsToken(app: FastifyInstance): Promise<string> {
  const { id } = await app.store.db.selectFrom('clients').select('id').where('email', '=', 'axe@example.com').executeTakeFirstOrThrow();
  return (await alertLinks(app.store.db, app.config.SITE_URL, null, id, new Date())).unsubscribe.split('/').pop()!;
}

t.test('axe-core finds no violation', async (t) => {
  const { app, url } = await startServer(t, { env: { MAP_TILE_URL: LOCAL_TILES, SCRYPT_LOG_N: '10' } });
  const browser = await launchBrowser(t);
  const project = await demoProject(url);
  const token = await client(url, project);
  const alerts = await savedSearch(app, url);
  const favoriteAlerts = await favoriteAlertsToken(app);

  const targets: Target[] = [
    { name: 'home', path: '/', status: 200 },
    { name: 'home, before the cookie choice', path: '/', status: 200, undecided: true, ready: ['.cookie-bar button'] },
    { name: 'search, a place with results', path: PLACE, status: 200, ready: ['.search-layout__filters.is-live'] },
    { name: 'a place name of several places', path: '/places?q=mar', status: 200, ready: ['.place-choice__link'] },
    { name: 'a place name of no place', path: '/places?q=xyzzy', status: 200, ready: ['main form'] },
    {
      name: 'search, the map view',
      path: `${PLACE}?view=map`,
      status: 200,
      ready: ['.results-map .leaflet-marker-icon', '.results-map .leaflet-control-attribution a'],
    },
    {
      name: `property ${project}`,
      path: `/for-sale/${project}`,
      status: 200,
      ready: ['.gallery__viewer--ready', '.place-map .leaflet-marker-icon', '.price-history'],
      reveal: '.place-map',
    },
    { name: 'contact', path: '/contact', status: 200, ready: ['main form'] },
    { name: 'broker', path: '/uw-makelaar', status: 200, ready: ['main form'] },
    { name: 'log in', path: '/login', status: 200, ready: ['main form'] },
    { name: 'register', path: '/old/client-register', status: 200, ready: ['main form'] },
    { name: 'forgot password', path: '/old/client-forgot-password', status: 200, ready: ['main form'] },
    { name: 'profile', path: '/old/profile', status: 200, client: true, ready: ['main form'] },
    { name: 'favorites', path: '/old/favorites', status: 200, client: true, ready: ['.favorites-list .project-card'] },
    { name: "a visitor's favorites", path: '/old/favorites', status: 200, ready: ['.favorites-invite', '.favorites-empty'] },
    { name: 'a content page', path: '/old/terms', status: 200 },
    { name: "a partner's home", path: '/costa-casas', status: 200 },
    {
      name: 'a partner property',
      path: `/costa-casas/for-sale/${project}`,
      status: 200,
      ready: ['.gallery__viewer--ready', '.price-history'],
    },
    {
      name: "a partner's search, the map view",
      path: `/costa-casas${PLACE}?view=map`,
      status: 200,
      ready: ['.results-map .leaflet-marker-icon'],
    },
    { name: "a partner's contact", path: '/costa-casas/contact', status: 200, ready: ['main form'] },
    { name: "a partner's own domain: home", path: '/', status: 200, ownDomain: true },
    { name: "a partner's own domain: search", path: PLACE, status: 200, ownDomain: true, ready: ['.search-layout__filters.is-live'] },
    {
      name: "a partner's own domain: property",
      path: `/for-sale/${project}`,
      status: 200,
      ownDomain: true,
      ready: ['.gallery__viewer--ready'],
    },
    { name: "a partner's own domain: log in", path: '/client-login', status: 200, ownDomain: true, ready: ['main form'] },
    {
      name: "a partner's own domain: a visitor's favorites",
      path: '/favorites',
      status: 200,
      ownDomain: true,
      ready: ['.favorites-invite'],
    },
    {
      name: 'search, "Save this search" open',
      path: PLACE,
      status: 200,
      ready: ['.search-layout__filters.is-live'],
      open: 'details.save-search > summary',
    },
    {
      name: 'save a search (a form sent without JavaScript, refused)',
      path: `/saved-searches/new?search=${encodeURIComponent(PLACE)}&error=email`,
      status: 200,
      ready: ['main form [role=alert]'],
    },
    { name: 'saved search: sent', path: '/saved-searches/sent', status: 200 },
    {
      name: 'saved searches: manage',
      path: `/saved-searches/manage/${alerts.manage}?done=confirmed`,
      status: 200,
      ready: ['.saved-search__item form'],
    },
    { name: 'saved search: unsubscribe', path: `/saved-searches/unsubscribe/${alerts.unsubscribe}`, status: 200, ready: ['main form'] },
    {
      name: "a partner's saved searches: manage",
      path: `/costa-casas/saved-searches/manage/${alerts.manage}`,
      status: 200,
      ready: ['.saved-search__item form'],
    },
    { name: 'favorites alerts: unsubscribe', path: `/favorite-alerts/unsubscribe/${favoriteAlerts}`, status: 200, ready: ['main form'] },
    {
      name: "a partner's favorites alerts: unsubscribe",
      path: `/costa-casas/favorite-alerts/unsubscribe/${favoriteAlerts}`,
      status: 200,
      ready: ['main form'],
    },
    { name: 'not found', path: '/nothing/such/page/here', status: 404, ready: ['section.error-page'] },
    { name: 'unknown partner', path: '/costa-casaz/search', status: 404, ready: ['section.error-page'] },
  ];

  for (const viewport of VIEWPORTS) {
    for (const target of targets) {
      t.test(`${target.name} (${target.path}) on a ${viewport.name}, ${viewport.width} px wide`, async (t) => {
        const { page, problems } = await newPage(t, browser, { width: viewport.width, height: viewport.height, allowStatus: [404] });
        // Chromium resolves every *.localhost name to the loopback address.
        const base = target.ownDomain ? `http://costa-casas.localhost:${new URL(url).port}` : url;
        if (!target.undecided) await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: base });
        if (target.client) await page.setCookie({ name: SESSION_COOKIE, value: token, url: base });
        const response = await page.goto(base + target.path, { waitUntil: 'load' });
        t.equal(response?.status(), target.status, `HTTP ${target.status}`);
        await waitForHydration(page);
        if (target.reveal) await page.$eval(target.reveal, (el) => el.scrollIntoView({ block: 'center' }));
        for (const selector of target.ready ?? []) await page.waitForSelector(selector);
        if (target.open) await page.click(target.open);

        t.same(await violations(page), [], 'no violation of any impact');
        t.same(problems.all(), [], 'no console error, failed request or CSP violation');
      });
    }
  }
});
