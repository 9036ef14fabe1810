// A type-level test, checked by `npm run typecheck` and never run: the one typed
// list of reads (src/shared/reads.ts) makes tsc fail on a mistyped read name,
// a page reading the wrong shape, and a server read missing or answering
// another shape. Each @ts-expect-error fails the typecheck if its line compiles.
import type { PropertyAnswer, UnitsAnswer } from '../../src/shared/catalogue.ts';
import type { RouteMatch } from '../../src/shared/match.ts';
import type { DataNeed } from '../../src/shared/routes.ts';
import type { ReadPath } from '../../src/shared/reads.ts';
import { useRouteData } from '../../src/client/lib/useRouteData.ts';
import { reads } from '../../src/server/api/reads.ts';
import { read, type Read } from '../../src/server/api/read.ts';
import { ProjectReadQuery } from '../../src/server/api/catalogue-reads.ts';

declare const match: RouteMatch;

export function usePageReads(): Array<PropertyAnswer | UnitsAnswer | undefined> {
  const property: PropertyAnswer | undefined = useRouteData(match, '/api/property');
  const units: UnitsAnswer | undefined = useRouteData(match, '/api/project/units');

  // @ts-expect-error a mistyped read name
  useRouteData(match, '/api/propertys');

  // @ts-expect-error a page reading the wrong shape: /api/property answers a project, not its units
  const wrong: UnitsAnswer | undefined = useRouteData(match, '/api/property');

  return [property, units, wrong];
}

// @ts-expect-error a route declaring a read that does not exist
export const unknownNeed: DataNeed = { endpoint: '/api/nothing', query: {} };

export const wrongAnswer = read({
  path: '/api/property',
  query: ProjectReadQuery,
  personal: false,
  // @ts-expect-error a server read answering another shape than its path's
  async handler() {
    return { data: [] };
  },
});

// @ts-expect-error the server's table must serve every read of the list
export const incomplete: { [P in ReadPath]: Read<P> } = { '/api/content': reads['/api/content'] };

// @ts-expect-error and under its own path: the table cannot answer one read with another
export const swapped: { [P in ReadPath]: Read<P> } = { ...reads, '/api/property': reads['/api/project/units'] };
