// /robots.txt: crawl everything but the API and the pages behind a login (in
// every section: /favorites, /old/favorites, /{partner}/favorites, …), and
// name the host's sitemap.
import { routes } from '../../shared/routes.ts';

const SECTION_PREFIX = /^\/(?::partner|old)(?=\/)/;

/**
 * A route's path as a robots.txt prefix: cut at its first placeholder, which
 * robots would read as literal text. A required one (`/manage/:token`) keeps
 * the slash before it, so only the pages under it match; an optional one
 * (`/client-reset-password/*?`) drops it, so the page without one matches too.
 */
function robotsPrefix(path: string): string {
  const placeholder = /\/[:*][^/]*/.exec(path);
  if (!placeholder) return path;
  return path.slice(0, placeholder.index) + (placeholder[0].endsWith('?') ? '' : '/');
}

/** The account pages (login, register, favorites, …) at the root and under any first segment. */
export const PRIVATE_PATHS: readonly string[] = (() => {
  const paths = new Set<string>(['/api/']);
  for (const r of routes) {
    if (!r.auth) continue;
    const page = robotsPrefix(r.path.replace(SECTION_PREFIX, ''));
    paths.add(page);
    paths.add(`/*${page}`);
  }
  return [...paths];
})();

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
