// The one route table of the site (SPEC §2). The server renders from it and the
// client navigates with it. Order matters: the first route that matches wins, so
// static paths come before the `/:partner` catch-alls.
import type { DEFAULT_SEARCH, searchDataNeeds, searchNeeds, SearchUrlForm } from './search-url.ts';
import { HttpError, NOT_FOUND_MESSAGE, Redirect } from './errors.ts';
import type { placeChoiceMove, placeChoiceNeeds } from './place-choice.ts';
import { compareIds } from './compare.ts';
import type { ReadPath } from './reads.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

export type LayoutName = 'plain-app' | 'app-pages' | 'partner' | 'default' | 'main';
export type Section = 'main' | 'old' | 'partner';
export type PageName =
  | 'home'
  | 'partner-home'
  | 'contact'
  | 'franchise'
  | 'broker'
  | 'living'
  | 'new-build-pages'
  | 'client-login'
  | 'client-register'
  | 'client-forgot-password'
  | 'client-reset-password'
  | 'favorites'
  | 'profile'
  | 'for-sale'
  | 'search'
  | 'place-choice'
  | 'compare'
  | 'buying-costs'
  | 'saved-search'
  | 'favorite-alerts'
  | 'content'
  | 'languages';

/** An API read a page needs before it can render (DESIGN §2): one declaration, two transports. */
export interface DataNeed {
  endpoint: ReadPath;
  query: Record<string, string>;
  /** Read for a logged-in client only; a visitor's page renders without it (see dataNeedsFor). */
  client?: true;
}

export type RouteParams = Record<string, string | undefined>;

export interface RouteDef {
  name: string;
  path: string;
  page: PageName;
  layout: LayoutName;
  section: Section;
  /** Names from the middleware registry (src/shared/middleware.ts). */
  middleware: string[];
  /** The header sits over a hero image only where the page has one. */
  header: 'transparent' | 'solid';
  /**
   * 'required': anonymous visitors go to their section's login page; 'guest':
   * logged-in clients go to its home; 'open': a personal page anyone may open
   * (a visitor's favorites are kept in the browser), never cached as someone's
   * nor indexed.
   */
  auth?: 'required' | 'guest' | 'open';
  /** The reads a page needs, from its path parameters, its query string (a search's filters) and its language. */
  data?: (params: RouteParams, query: URLSearchParams, language: Language) => DataNeed[];
  /** After the reads (their answers in the order of `data`'s needs): where the visitor goes instead of this page, or null. */
  moveAfterReads?: (answers: unknown[], params: RouteParams, query: URLSearchParams) => Redirect | null;
  /**
   * The main brand's own offer (the franchise): never shown in a partner's
   * name. A partner's own domain answers 301 to the main site's page.
   */
  mainBrandOnly?: true;
  /** Its reads come from a search address or a typed place: known once their code is loaded (see readsKnown). */
  readsFrom?: 'search' | 'place-choice';
}

/**
 * What the reads of the pages that show a search are made from: the search
 * addresses' grammar (search-url.ts, some 2 KiB of script no other page needs)
 * and a typed place's (place-choice.ts). search-reads.ts and place-choice.ts
 * hand them in when they are loaded: by the server at start, and in the browser
 * with the code of the pages that use them, so a browser learns such a route's
 * reads with its page's code (App.tsx's resolveView loads that first; the
 * prefetcher waits for it).
 */
export interface SearchReads {
  DEFAULT_SEARCH: typeof DEFAULT_SEARCH;
  searchNeeds: typeof searchNeeds;
  searchDataNeeds: typeof searchDataNeeds;
}
export interface PlaceChoiceReads {
  placeChoiceNeeds: typeof placeChoiceNeeds;
  placeChoiceMove: typeof placeChoiceMove;
}
const provided: { search?: SearchReads; 'place-choice'?: PlaceChoiceReads } = {};

export function provideSearchReads(reads: SearchReads): void {
  provided.search = reads;
}

export function providePlaceChoiceReads(reads: PlaceChoiceReads): void {
  provided['place-choice'] = reads;
}

/** Whether a route's reads can be told now: always, but a search's or a typed place's before their code is loaded. */
export function readsKnown(route: Pick<RouteDef, 'readsFrom'>): boolean {
  return !route.readsFrom || provided[route.readsFrom] !== undefined;
}

function reads<K extends keyof typeof provided>(kind: K): NonNullable<(typeof provided)[K]> {
  const found = provided[kind];
  if (!found) throw new Error(`${kind} reads not loaded (readsKnown)`);
  return found;
}

// A content route without a slug (/old) is the index of the content pages; both in the page's language.
const contentNeed = (params: RouteParams, _query: URLSearchParams, language: Language): DataNeed[] => {
  const lang: Record<string, string> = language === DEFAULT_LANGUAGE ? {} : { lang: language };
  return params.content
    ? [{ endpoint: '/api/content', query: withPartner(params, { slug: params.content, ...lang }) }]
    : [{ endpoint: '/api/content-list', query: withPartner(params, lang) }];
};

function withPartner(params: RouteParams, query: Record<string, string>): Record<string, string> {
  return params.partner ? { ...query, partner: params.partner } : query;
}

/**
 * A partner's landing pages (its home, its new-build page): the first page of
 * its search (the newest listed projects in its scope) and its place tree with
 * counts, the same reads (and cache keys) as its /search.
 */
const landingNeeds = (params: RouteParams): DataNeed[] => reads('search').searchDataNeeds(reads('search').DEFAULT_SEARCH, params.partner);

/** The main home page's read: its featured developments. */
const homeNeeds = (): DataNeed[] => [{ endpoint: '/api/featured', query: {} }];

function compareNeeds(params: RouteParams, query: URLSearchParams): DataNeed[] {
  const ids = compareIds(query.get('ids'));
  return ids.length ? [{ endpoint: '/api/compare', query: withPartner(params, { ids: ids.join(',') }) }] : [];
}

type Shape = Omit<RouteDef, 'name' | 'path' | 'layout' | 'section' | 'middleware'> & {
  name: string;
  path: string;
};

/** The reads of a property page, each with the project's id (and the partner). */
const FOR_SALE_READS: ReadPath[] = [
  '/api/property',
  '/api/project/units',
  '/api/project/files',
  '/api/project/similar',
  '/api/project/price-history',
];
/** A project id as a URL names it: no sign, no leading zero, within a 32-bit integer column. */
const PROJECT_ID = /^[1-9]\d{0,8}$/;

/**
 * /for-sale/{id} of the section at `prefix`. An id that cannot name a project
 * is 404 before any read; without an id the visitor wants the listings: a 301
 * to the section's /search, keeping the query string (docs/decisions/for-sale-without-id.md).
 */
function forSale(prefix: '' | '/old' | '/:partner'): Shape {
  return {
    name: 'for-sale',
    path: '/for-sale/:id?',
    page: 'for-sale',
    header: 'solid',
    data(params, query, language) {
      if (params.id === undefined) {
        const search = `${prefix.replace(':partner', params.partner ?? '')}/search`;
        const qs = query.toString();
        throw new Redirect(qs ? `${search}?${qs}` : search, 301);
      }
      if (!PROJECT_ID.test(params.id)) throw new HttpError(404, NOT_FOUND_MESSAGE);
      const needQuery = withPartner(params, { id: params.id });
      // The development's description in the page's language when the feed gives it (catalogue/project.ts).
      const detailQuery = language === DEFAULT_LANGUAGE ? needQuery : { ...needQuery, lang: language };
      return [
        ...FOR_SALE_READS.map((endpoint) => ({ endpoint, query: endpoint === '/api/property' ? detailQuery : needQuery })),
        // The rates of the conversion beside the prices (issue 24): the same for every project and partner.
        { endpoint: '/api/rates', query: {} },
      ];
    },
  };
}

// Pages a section offers, relative to its root. `old_` and `*?` variants are the
// legacy search URLs of SPEC §2, kept so that old links still work.
const accountPages: Shape[] = [
  { name: 'client-forgot-password', path: '/client-forgot-password', page: 'client-forgot-password', header: 'solid', auth: 'guest' },
  { name: 'client-login', path: '/client-login', page: 'client-login', header: 'solid', auth: 'guest' },
  { name: 'client-register', path: '/client-register', page: 'client-register', header: 'solid', auth: 'guest' },
  { name: 'client-reset-password', path: '/client-reset-password/*?', page: 'client-reset-password', header: 'solid', auth: 'guest' },
  {
    name: 'favorites',
    path: '/favorites',
    page: 'favorites',
    header: 'solid',
    auth: 'open',
    data: (params) => [{ endpoint: '/api/favorites', query: withPartner(params, {}), client: true }],
  },
  // The client's saved searches are in the page as sent, not said to be none until the browser asks.
  {
    name: 'profile',
    path: '/profile',
    page: 'profile',
    header: 'solid',
    auth: 'required',
    data: () => [{ endpoint: '/api/saved-searches/mine', query: {}, client: true }],
  },
];
/**
 * Saved searches (issue 13), in every section: the form without JavaScript
 * (new, sent) and the pages mails link to (manage, unsubscribe), whose token
 * the read checks (a bad one: 404). Personal: never cached, never indexed.
 */
const tokenRead =
  (endpoint: ReadPath) =>
  (params: RouteParams): DataNeed[] => [{ endpoint, query: { token: params.token ?? '' } }];
const savedSearchPages: Shape[] = [
  { name: 'saved-search-new', path: '/saved-searches/new', page: 'saved-search', header: 'solid', auth: 'open' },
  { name: 'saved-search-sent', path: '/saved-searches/sent', page: 'saved-search', header: 'solid', auth: 'open' },
  {
    name: 'saved-search-manage',
    path: '/saved-searches/manage/:token',
    page: 'saved-search',
    header: 'solid',
    auth: 'open',
    data: tokenRead('/api/saved-searches/manage'),
  },
  {
    name: 'saved-search-unsubscribe',
    path: '/saved-searches/unsubscribe/:token',
    page: 'saved-search',
    header: 'solid',
    auth: 'open',
    data: tokenRead('/api/saved-searches/unsubscribe'),
  },
];
/** The page of a favorites mail's unsubscribe link (issue 13), in every section; personal as the above. */
const favoriteAlertPages: Shape[] = [
  {
    name: 'favorite-alerts-unsubscribe',
    path: '/favorite-alerts/unsubscribe/:token',
    page: 'favorite-alerts',
    header: 'solid',
    auth: 'open',
    data: tokenRead('/api/favorite-alerts/unsubscribe'),
  },
];
const listingPages: Shape[] = [
  { name: 'contact', path: '/contact', page: 'contact', header: 'solid' },
  // Developments side by side (src/shared/compare.ts); without ids the page offers how to choose them.
  { name: 'compare', path: '/compare', page: 'compare', header: 'solid', data: compareNeeds },
  // What a home costs on top of its price (src/shared/buying-costs.ts): computed from its query, no read.
  { name: 'buying-costs', path: '/buying-costs', page: 'buying-costs', header: 'solid' },
  // The page named by ?from= in each language (components/language): the header's and footer's language link.
  { name: 'languages', path: '/languages', page: 'languages', header: 'solid' },
];

/** The search pages of the section at `prefix`, readable and legacy (src/shared/search-url.ts), and where a typed place leads. */
function searchPages(prefix: '' | '/old' | '/:partner'): Shape[] {
  const searchPage = (name: string, path: string, form: SearchUrlForm): Shape => ({
    name,
    path,
    page: 'search',
    header: 'solid',
    readsFrom: 'search',
    data: (params, query) => reads('search').searchNeeds(prefix, form, params, query),
  });
  return [
    searchPage('search-type-old', '/search/bbbbbbbbb_type/old_', 'legacy-all'),
    searchPage('search-type', '/search/bbbbbbbbb_type/*?', 'legacy'),
    searchPage('search', '/search/*?', 'readable'),
    // A typed place name (src/shared/place-choice.ts).
    {
      name: 'places',
      path: '/places',
      page: 'place-choice',
      header: 'solid',
      readsFrom: 'place-choice',
      data: (params, query) => reads('place-choice').placeChoiceNeeds(params, query),
      moveAfterReads: (answers, params, query) => reads('place-choice').placeChoiceMove(prefix, answers, params, query),
    },
  ];
}

function section(section: Section, prefix: string, layout: LayoutName, middleware: string[], shapes: Shape[]): RouteDef[] {
  return shapes.map((s) => ({
    ...s,
    name: `${section}:${s.name}`,
    path: s.path === '/' ? prefix || '/' : prefix + s.path,
    layout,
    section,
    middleware,
  }));
}

export const routes: RouteDef[] = [
  ...section(
    'main',
    '',
    'main',
    [],
    [
      { name: 'home', path: '/', page: 'home', header: 'transparent', data: homeNeeds },
      { name: 'franchise', path: '/franchise', page: 'franchise', header: 'transparent', mainBrandOnly: true },
      { name: 'broker', path: '/uw-makelaar', page: 'broker', header: 'solid' },
      { name: 'living', path: '/wonen-en-leven', page: 'living', header: 'transparent' },
      ...listingPages,
      ...searchPages(''),
      forSale(''),
      ...savedSearchPages,
      ...favoriteAlertPages,
    ],
  ),
  ...section('main', '', 'app-pages', [], [{ name: 'login', path: '/login', page: 'client-login', header: 'solid', auth: 'guest' }]),
  ...section(
    'old',
    '/old',
    'default',
    [],
    [
      ...accountPages,
      ...listingPages,
      ...searchPages('/old'),
      forSale('/old'),
      ...savedSearchPages,
      ...favoriteAlertPages,
      { name: 'content', path: '/:content?', page: 'content', header: 'solid', data: contentNeed },
    ],
  ),
  ...section(
    'partner',
    '/:partner',
    'partner',
    ['partner'],
    [
      { name: 'home', path: '/', page: 'partner-home', header: 'transparent', readsFrom: 'search', data: landingNeeds },
      ...accountPages,
      ...listingPages,
      ...searchPages('/:partner'),
      forSale('/:partner'),
      ...savedSearchPages,
      ...favoriteAlertPages,
      {
        name: 'new-build-pages',
        path: '/new-build-pages',
        page: 'new-build-pages',
        header: 'solid',
        readsFrom: 'search',
        data: landingNeeds,
      },
      { name: 'broker', path: '/uw-makelaar', page: 'broker', header: 'solid' },
      { name: 'living', path: '/wonen-en-leven', page: 'living', header: 'transparent' },
      { name: 'content', path: '/:content', page: 'content', header: 'solid', data: contentNeed },
    ],
  ),
  // Content pages of the main site, e.g. /buying-process. After /:partner, so a
  // partner's slug wins; a slug that is neither is a 404.
  ...section('main', '', 'main', [], [{ name: 'content', path: '/:content', page: 'content', header: 'solid', data: contentNeed }]),
];

/** First path segments a partner slug may not take, or its site would hide a page. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...routes
    .filter((r) => r.section !== 'partner' && !r.path.startsWith('/:'))
    .map((r) => r.path.split('/')[1] ?? '')
    .filter(Boolean),
  'api',
  'assets',
  'healthz',
  'readyz',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'terms',
]);
