// Structured data of a property page (issue 4): a schema.org RealEstateListing
// (the residence with its GeoCoordinates and address, its Offer in EUR) and the
// BreadcrumbList home → search → region → town → project, as the text of a
// <script type="application/ld+json">. Pure: the page passes in what it knows.
//
// Google's rules for offers: one price is an Offer with `price`; prices from
// several units on sale are an AggregateOffer with `lowPrice`, `highPrice` and
// `offerCount`; both with `priceCurrency` and `availability`. Every name and
// description is plain text (no tag, no entity), and `addressCountry` an ISO
// 3166-1 alpha-2 code, left out when the country has none we know.
//
// Every address is absolute and on the main site (the caller's `origin`): a
// partner's copy of a listing is noindex or canonical to the main site, so the
// listing crawlers should know is the main site's.
import type { ProjectDetail, UnitRow } from './catalogue.ts';
import { CURRENCY } from './constants.ts';
import { countryCode } from './countries.ts';
import { plainText } from './plain-text.ts';
import { absoluteUrl, previewImage } from './seo.ts';

export interface ListingPaths {
  home: string;
  search: string;
  region: string;
  town: string;
  page: string;
}

export interface ListingInput {
  project: ProjectDetail;
  units: UnitRow[];
  /** The main site's origin, e.g. https://www.example.com (seo.ts siteOrigin). */
  origin: string;
  /** Root-relative paths of the page and of its breadcrumbs. */
  paths: ListingPaths;
  /** Names of the first two breadcrumbs. */
  labels: { home: string; search: string };
}

type JsonObject = { [key: string]: unknown };

/** The lowest price of an available unit; null when nothing is available. */
export function lowestAvailablePrice(project: Pick<ProjectDetail, 'price'>, units: UnitRow[]): number | null {
  const prices = units.filter((u) => u.status === 'available' && u.price > 0).map((u) => u.price);
  if (prices.length) return Math.min(...prices);
  return project.price && project.price.min > 0 ? project.price.min : null;
}

// Categories by the schema.org type of the home (ids of KNOWN_CATEGORIES).
const APARTMENTS = new Set([1, 5, 9, 12]);
const HOUSES = new Set([2, 3, 4, 6, 8]);
const LAND = 7;

function residenceType(categoryId: number): string {
  if (APARTMENTS.has(categoryId)) return 'Apartment';
  if (HOUSES.has(categoryId)) return 'SingleFamilyResidence';
  return categoryId === LAND ? 'Place' : 'Residence';
}

/** The prices on sale: those of the available units, else the project's range when its units are not known. */
function pricesOnSale(project: ProjectDetail, units: UnitRow[]): { low: number; high: number; count: number } | null {
  const available = units.filter((u) => u.status === 'available');
  const prices = available.filter((u) => u.price > 0).map((u) => u.price);
  if (prices.length) return { low: Math.min(...prices), high: Math.max(...prices), count: available.length };
  // Units known, none on sale: sold out, whatever range the project still shows.
  if (units.length && !available.length) return null;
  const low = lowestAvailablePrice(project, units);
  if (low === null) return null;
  return { low, high: Math.max(low, project.price?.max ?? low), count: available.length || project.units_available };
}

function offerOf(project: ProjectDetail, units: UnitRow[], url: string): JsonObject {
  const prices = pricesOnSale(project, units);
  const availability = prices ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut';
  if (prices && prices.high > prices.low) {
    return {
      '@type': 'AggregateOffer',
      url,
      priceCurrency: CURRENCY,
      lowPrice: prices.low,
      highPrice: prices.high,
      ...(prices.count > 0 ? { offerCount: prices.count } : {}),
      availability,
    };
  }
  return { '@type': 'Offer', url, priceCurrency: CURRENCY, ...(prices ? { price: prices.low } : {}), availability };
}

export function listingStructuredData({ project, units, origin, paths, labels }: ListingInput): JsonObject {
  const url = (path: string) => absoluteUrl(origin, path);
  const text = (value: string) => plainText(value, true);
  const { town, region, country, lat, lng, detail } = project.location;
  const name = text(project.name);
  const description = plainText(project.description);
  const countryIso = countryCode(country.slug, country.name);
  const residence: JsonObject = {
    '@type': residenceType(project.category.id),
    name,
    address: {
      '@type': 'PostalAddress',
      ...(detail && text(detail) ? { streetAddress: text(detail) } : {}),
      addressLocality: text(town.name),
      addressRegion: text(region.name),
      ...(countryIso ? { addressCountry: countryIso } : {}),
    },
    ...(lat !== null && lng !== null ? { geo: { '@type': 'GeoCoordinates', latitude: lat, longitude: lng } } : {}),
  };
  const listing: JsonObject = {
    '@type': 'RealEstateListing',
    name,
    url: url(paths.page),
    datePosted: project.listed_at,
    ...(project.images.length ? { image: project.images.map((i) => url(previewImage(i).url)) } : {}),
    ...(description ? { description } : {}),
    about: residence,
    offers: offerOf(project, units, url(paths.page)),
  };
  const trail: Array<[string, string]> = [
    [labels.home, paths.home],
    [labels.search, paths.search],
    [text(region.name), paths.region],
    [text(town.name), paths.town],
    [name, paths.page],
  ];
  const breadcrumbs: JsonObject = {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: url(path) })),
  };
  return { '@context': 'https://schema.org', '@graph': [listing, breadcrumbs] };
}

// JSON is not safe inside HTML: `</script>` or `<!--` in a listing's text would
// end or change the script. As \u escapes the characters parse back to the same
// value and leave no `<`, `>`, `&`, U+2028 or U+2029 in the markup.
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/** `value` as JSON text that can sit inside a <script> element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
