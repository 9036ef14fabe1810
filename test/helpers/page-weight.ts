// The HTML weight of the pages issue 12 budgets (the home, the 12-card search
// page, a property page), as the server sends them on the demo catalogue:
// bytes before any compression, gzip at zlib's default level, and how many
// times each icon's drawing (an inline <path>/<circle>/<rect> of a line icon)
// or sprite reference appears. Used by test/server/render/html-weight.test.ts
// and bench/sizes.ts.
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export interface PageWeight {
  page: 'home' | 'search' | 'property';
  path: string;
  status: number;
  raw: number;
  gzip: number;
  /** The bytes the site sends a browser that accepts Brotli (its own page compression). */
  sent: number;
  /** The project cards on the page. */
  cards: number;
  /** Every inline <svg> that draws its own shapes (not a <use> of the sprite), by its markup. */
  inlineSvgs: Map<string, number>;
  /** The sprite's icons the page uses, by name, and how often. */
  spriteUses: Map<string, number>;
}

const count = (into: Map<string, number>, key: string) => into.set(key, (into.get(key) ?? 0) + 1);

function weigh(page: PageWeight['page'], path: string, status: number, body: Buffer, sent: number): PageWeight {
  const html = body.toString('utf8');
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
    status,
    raw: body.length,
    gzip: zlib.gzipSync(body).length,
    sent,
    cards: html.match(/<article class="project-card\b/g)?.length ?? 0,
    inlineSvgs,
    spriteUses,
  };
}

/** The three pages: `/`, `/search` (12 cards a page) and the property page of its first card. */
export async function pageWeights(app: FastifyInstance): Promise<PageWeight[]> {
  const get = async (page: PageWeight['page'], path: string) => {
    const res = await app.inject(path);
    const sent = await app.inject({ url: path, headers: { 'accept-encoding': 'br, gzip' } });
    return weigh(page, path, res.statusCode, res.rawPayload, sent.rawPayload.length);
  };
  const home = await get('home', '/');
  const search = await get('search', '/search');
  const first = /<article class="project-card[^"]*" data-project="(\d+)"/.exec((await app.inject('/search')).body)?.[1];
  if (!first) throw new Error('the search page shows no card');
  return [home, search, await get('property', `/for-sale/${first}`)];
}
