// A page reads the data its route declared (src/shared/routes.ts) with SWR,
// under the same key the server used, so hydration finds it in the fallback.
// The answer's type follows from the read's path (src/shared/reads.ts), as a
// page embeds it (src/shared/page-data.ts).
import useSWR from 'swr';
import { useSearch } from 'wouter';
import { dataKey, dataNeeds, type RouteMatch } from '../../shared/match.ts';
import type { PageAnswers } from '../../shared/page-data.ts';
import type { ReadPath } from '../../shared/reads.ts';

export function useRouteData<P extends ReadPath>(match: RouteMatch, endpoint: P): PageAnswers[P] | undefined {
  const search = useSearch();
  const need = dataNeeds(match, search).find((n) => n.endpoint === endpoint);
  const { data } = useSWR<PageAnswers[P]>(need ? dataKey(need) : null);
  return data;
}
