// The app's routes, read from app.printRoutes(): every path with the methods it
// answers, so that a test over "every endpoint" covers a route added later
// without being told. Parameters (:id) and wildcards (*) are left in the path.
import type { FastifyInstance } from 'fastify';

export interface AppRoute {
  path: string;
  methods: string[];
}

/** Every route of a ready app. */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  const routes: AppRoute[] = [];
  // Each tree line: the parents' indentation (4 characters a level), a branch, the
  // path segment after the parent's, and the methods when a route ends there.
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    if (m[3]) routes.push({ path, methods: m[3].split(', ') });
  }
  return routes;
}
