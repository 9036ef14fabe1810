// What a search should find, computed in plain JS from the fixture's units
// (never from the store, never from the ranges the store holds): the
// independent answer the API's answers are checked against.
import type { Fixture, FixtureProject, FixtureUnit } from '../../helpers/catalogue.ts';
import { PRICE_UPPER_BOUND } from '../../../src/shared/constants.ts';

export interface Search {
  cat?: number[];
  esGeo?: { country?: string; region?: string; town?: string };
  bedrooms?: number;
  bathrooms?: number;
  pricefrom?: number;
  priceto?: number;
  sort?: 'newest' | 'price_asc' | 'price_desc';
}

export interface ScopeRows {
  regions?: number[];
  projects?: number[];
}

const live = (p: FixtureProject) => p.units.filter((u) => !u.withdrawn);
const available = (p: FixtureProject): FixtureUnit[] => live(p).filter((u) => u.status === 'available');
const min = (xs: number[]) => Math.min(...xs);
const max = (xs: number[]) => Math.max(...xs);

export function inScope(p: FixtureProject, scope: ScopeRows | null | undefined): boolean {
  if (!scope || (!scope.regions?.length && !scope.projects?.length)) return true;
  return Boolean(scope.regions?.includes(p.region.id) || scope.projects?.includes(p.id));
}

/** Whether a visitor can find `p` at all: in the feed, something available, in scope. */
export function findable(p: FixtureProject, scope?: ScopeRows | null): boolean {
  return !p.withdrawn && available(p).length > 0 && inScope(p, scope);
}

export function matches(p: FixtureProject, q: Search, scope?: ScopeRows | null): boolean {
  if (!findable(p, scope)) return false;
  const units = available(p);
  if (q.cat?.length && !live(p).some((u) => q.cat!.includes(u.category_id))) return false;
  const g = q.esGeo ?? {};
  if (g.town) {
    if (p.town.slug !== g.town || (g.region && p.region.slug !== g.region) || (g.country && p.country.slug !== g.country)) return false;
  } else if (g.region) {
    if (p.region.slug !== g.region || (g.country && p.country.slug !== g.country)) return false;
  } else if (g.country && p.country.slug !== g.country) return false;
  if (q.bedrooms && !units.some((u) => u.bedrooms >= q.bedrooms!)) return false;
  if (q.bathrooms && !units.some((u) => u.bathrooms >= q.bathrooms!)) return false;
  const prices = units.map((u) => u.price);
  if (q.priceto !== undefined && q.priceto < PRICE_UPPER_BOUND && min(prices) > q.priceto) return false;
  if (q.pricefrom && max(prices) < q.pricefrom) return false;
  return true;
}

/** The ids a search finds, in the order of its sort (the id breaking ties). */
export function expectedIds(fixture: Fixture, q: Search, scope?: ScopeRows | null): number[] {
  const found = fixture.projects.filter((p) => matches(p, q, scope));
  const price = (p: FixtureProject, pick: typeof min) => pick(available(p).map((u) => u.price));
  const sort = q.sort ?? 'newest';
  found.sort((a, b) => {
    if (sort === 'price_asc') return price(a, min) - price(b, min) || a.id - b.id;
    if (sort === 'price_desc') return price(b, max) - price(a, max) || b.id - a.id;
    return b.updated_at.localeCompare(a.updated_at) || b.id - a.id;
  });
  return found.map((p) => p.id);
}

/** Listed projects per place id (town, region and country), within a scope. */
export function expectedPlaceCounts(fixture: Fixture, scope?: ScopeRows | null): Map<number, number> {
  const counts = new Map<number, number>();
  for (const p of fixture.projects)
    if (findable(p, scope)) for (const place of [p.town, p.region, p.country]) counts.set(place.id, (counts.get(place.id) ?? 0) + 1);
  return counts;
}
