// /robots.txt: crawl everything but the API and the pages behind a login (in
// every section: /favorites, /old/favorites, /{partner}/favorites, …), and
// name the host's sitemap.
import { routes } from '../../shared/routes.ts';

const SECTION_PREFIX = /^\/(?::partner|old)(?=\/)/;

/** The account pages (login, register, favorites, …) at the root and under any first segment. */
export const PRIVATE_PATHS: readonly string[] = (() => {
  const paths = new Set<string>(['/api/']);
  for (const r of routes) {
    if (!r.auth) continue;
    const page = r.path.replace(SECTION_PREFIX, '').replace(/\/\*\?$/, '');
    paths.add(page);
    paths.add(`/*${page}`);
  }
  return [...paths];
})();

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
