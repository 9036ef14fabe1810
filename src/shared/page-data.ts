// What a page embeds of its reads' answers in the HTML, for the server's render
// and for hydration (the initial state's `data`): for a list of projects only
// what a card shows (components/ProjectCard.tsx), for the place tree only what
// the filter form and the area links show (no coordinates, no paths), for the price
// history only the homes that changed in full, not the whole answer of the API.
// A page reads these answers by the types below (useRouteData, the search
// page), which an answer fetched later in full also satisfies, so a component
// that starts reading a field left out here fails `tsc` instead of hydrating
// without it.
import type { GeoAnswer, GeoNode, ImageRef, ProjectCard, SearchAnswer } from './catalogue.ts';
import { unitChanged, type PriceHistoryAnswer, type UnitPriceHistory } from './price-history.ts';
import type { ReadAnswers, ReadPath, SimilarAnswer } from './reads.ts';

/** A project as its card shows it: the first picture only, the town's and region's names only. */
export interface CardProject extends Pick<
  ProjectCard,
  'id' | 'name' | 'category' | 'stage' | 'price' | 'bedrooms' | 'bathrooms' | 'built' | 'price_reduced'
> {
  location: { town: { name: string }; region: { name: string } };
  images: Array<Pick<ImageRef, 'url' | 'caption'>>;
}

export interface CardsAnswer {
  data: CardProject[];
}

export interface SearchCardsAnswer extends CardsAnswer {
  meta: SearchAnswer['meta'];
}

/** A place of the tree as embedded: no path, which its ancestors' slugs and its own make (`withPaths`). */
export interface EmbeddedPlace extends Pick<GeoNode, 'name' | 'slug' | 'count'> {
  children: EmbeddedPlace[];
}

/** A place of the tree as the filter form and the area links show it. */
export interface PlaceNode extends Pick<GeoNode, 'name' | 'slug' | 'path' | 'count'> {
  children: PlaceNode[];
}

export interface PlacesAnswer {
  data: { tree: EmbeddedPlace[]; place: GeoAnswer['data']['place'] };
}

/**
 * The tree with each place's path ('spain/alicante/altea'): its ancestors'
 * slugs and its own, as the catalogue's import writes every path.
 */
export function withPaths(tree: EmbeddedPlace[], parent = ''): PlaceNode[] {
  return tree.map(({ name, slug, count, children }) => {
    const path = parent ? `${parent}/${slug}` : slug;
    return { name, slug, path, count, children: withPaths(children, path) };
  });
}

/**
 * A home of the price history: whole when its price or status changed (more
 * than one point); otherwise only its id and no points, as the page lists the
 * changed homes and only counts the others.
 */
export type HistoryUnit = UnitPriceHistory | Pick<UnitPriceHistory, 'id' | 'points'>;

export interface HistoryAnswer {
  data: HistoryUnit[];
}

/** The answers as a page reads them. */
export type PageAnswers = Omit<ReadAnswers, '/api/properties' | '/api/project/similar' | '/api/geo-url' | '/api/project/price-history'> & {
  '/api/properties': SearchCardsAnswer;
  '/api/project/similar': CardsAnswer;
  '/api/geo-url': PlacesAnswer;
  '/api/project/price-history': HistoryAnswer;
};

/** The homes whose price or status changed (the whole ones of a HistoryAnswer). */
export function changedUnits(units: HistoryUnit[]): UnitPriceHistory[] {
  return units.filter((u): u is UnitPriceHistory => unitChanged(u));
}

/** The pictures a card embeds in a page: its first. A page's own read asks for no more (api/read.ts `forPage`). */
export const PAGE_CARD_IMAGES = 1;

export function cardProject(p: ProjectCard): CardProject {
  const { town, region } = p.location;
  return {
    id: p.id,
    name: p.name,
    category: p.category,
    stage: p.stage,
    price: p.price,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    built: p.built,
    price_reduced: p.price_reduced,
    location: { town: { name: town.name }, region: { name: region.name } },
    images: p.images.slice(0, PAGE_CARD_IMAGES).map(({ url, caption }) => ({ url, caption })),
  };
}

function placeNode({ name, slug, count, children }: GeoNode): EmbeddedPlace {
  return { name, slug, count, children: children.map(placeNode) };
}

/** The part of a read's answer a page embeds. */
export function pageAnswer<P extends ReadPath>(endpoint: P, answer: ReadAnswers[P]): PageAnswers[P] {
  if (endpoint === '/api/properties') {
    const search = answer as SearchAnswer;
    return { data: search.data.map(cardProject), meta: search.meta } satisfies SearchCardsAnswer as PageAnswers[P];
  }
  if (endpoint === '/api/project/similar') return { data: (answer as SimilarAnswer).data.map(cardProject) } as PageAnswers[P];
  if (endpoint === '/api/geo-url') {
    const { tree, place } = (answer as GeoAnswer).data;
    return { data: { tree: tree.map(placeNode), place } } satisfies PlacesAnswer as PageAnswers[P];
  }
  if (endpoint === '/api/project/price-history') {
    const units = (answer as PriceHistoryAnswer).data;
    const data = units.map((u): HistoryUnit => (unitChanged(u) ? u : { id: u.id, points: [] }));
    return { data } satisfies HistoryAnswer as PageAnswers[P];
  }
  return answer as PageAnswers[P];
}
