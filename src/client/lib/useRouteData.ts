// A page reads the data its route declared (src/shared/routes.ts) with SWR,
// under the same key the server used, so hydration finds it in the fallback.
// The answer's type follows from the read's path (src/shared/reads.ts): the
// state under a key is the API's answer for that key.
import useSWR from 'swr';
import { useSearch } from 'wouter';
import { dataKey, dataNeeds, type RouteMatch } from '../../shared/match.ts';
import type { ReadAnswers, ReadPath } from '../../shared/reads.ts';

export function useRouteData<P extends ReadPath>(match: RouteMatch, endpoint: P): ReadAnswers[P] | undefined {
  const search = useSearch();
  const need = dataNeeds(match, search).find((n) => n.endpoint === endpoint);
  const { data } = useSWR<ReadAnswers[P]>(need ? dataKey(need) : null);
  return data;
}
