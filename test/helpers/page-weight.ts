// The HTML weight of the pages the budgets name (the home, the 12-card search
// page, a property page) on the demo catalogue: the bytes before any
// compression, the bytes the site sends a browser that accepts Brotli (its own
// compression, as configured), and how many times each icon's drawing (an
// inline <path>/<circle>/<rect> of a line icon) or sprite reference appears.
// Used by test/server/render/html-weight.test.ts and bench/sizes.ts.
import type { FastifyInstance } from 'fastify';

export interface PageWeight {
  page: 'home' | 'search' | 'property';
  path: string;
  status: number;
  raw: number;
  /** The body as sent to a browser that accepts Brotli. */
  sent: number;
  /** Its Content-Encoding ('br' unless the site's compression is off). */
  encoding: string;
  /** The project cards on the page. */
  cards: number;
  /** Every inline <svg> that draws its own shapes (not a <use> of the sprite), by its markup. */
  inlineSvgs: Map<string, number>;
  /** The sprite's icons the page uses, by name, and how often. */
  spriteUses: Map<string, number>;
}

const count = (into: Map<string, number>, key: string) => into.set(key, (into.get(key) ?? 0) + 1);

async function weigh(app: FastifyInstance, page: PageWeight['page'], path: string): Promise<PageWeight> {
  const plain = await app.inject(path);
  const sent = await app.inject({ url: path, headers: { 'accept-encoding': 'br' } });
  const html = plain.body;
  const inlineSvgs = new Map<string, number>();
  const spriteUses = new Map<string, number>();
  for (const [svg] of html.matchAll(/<svg\b[\s\S]*?<\/svg>/g)) {
    const use = /<use\b[^>]*\bhref="[^"#]*#([\w-]+)"/.exec(svg);
    if (use) count(spriteUses, use[1]!);
    else count(inlineSvgs, svg);
  }
  return {
    page,
    path,
    status: plain.statusCode,
    raw: plain.rawPayload.length,
    sent: sent.rawPayload.length,
    encoding: String(sent.headers['content-encoding'] ?? 'none'),
    cards: html.match(/<article class="project-card\b/g)?.length ?? 0,
    inlineSvgs,
    spriteUses,
  };
}

/** The three pages: `/`, `/search` (12 cards a page) and the property page of its first card; `prefix`, a language's ('/de'). */
export async function pageWeights(app: FastifyInstance, prefix = ''): Promise<PageWeight[]> {
  const home = await weigh(app, 'home', prefix || '/');
  const search = await weigh(app, 'search', `${prefix}/search`);
  const first = /<article class="project-card[^"]*" data-project="(\d+)"/.exec((await app.inject(`${prefix}/search`)).body)?.[1];
  if (!first) throw new Error('the search page shows no card');
  return [home, search, await weigh(app, 'property', `${prefix}/for-sale/${first}`)];
}
