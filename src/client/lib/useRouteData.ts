// A page reads the data its route declared (src/shared/routes.ts) with SWR,
// under the same key the server used, so hydration finds it in the fallback.
import useSWR from 'swr';
import { useSearch } from 'wouter';
import { dataKey, dataNeeds, type RouteMatch } from '../../shared/match.ts';

export function useRouteData<T>(match: RouteMatch, endpoint: string): T | undefined {
  const search = useSearch();
  const need = dataNeeds(match, search).find((n) => n.endpoint === endpoint);
  const { data } = useSWR<T>(need ? dataKey(need) : null);
  return data;
}
