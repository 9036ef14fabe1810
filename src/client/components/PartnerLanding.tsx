// A partner's landing sections (its home and its new-build page): the newest
// listed developments in its scope, "browse by area" with the places and their
// counts, and a small search form. The data is the route's (routes.ts: the
// first page of the partner's search and its place tree), rendered by the
// server; the form is a plain GET to the section's /search, which moves it to
// the readable address, so it works without JavaScript.
import type { RouteMatch } from '../../shared/match.ts';
import type { GeoNode, SearchAnswer } from '../../shared/catalogue.ts';
import { KNOWN_CATEGORIES } from '../../shared/catalogue-terms.ts';
import { t } from '../../shared/i18n.ts';
import { useRouteData } from '../lib/useRouteData.ts';
import { hrefIn, useHref, useSection } from '../lib/section.tsx';
import { categoryLabel } from '../lib/labels.ts';
import { ProjectCard } from './ProjectCard.tsx';
import { FavoriteButton } from './account/FavoriteButton.tsx';
import { Link } from './Link.tsx';
import { Section } from './Sections.tsx';

/** Developments shown on a landing page: two rows of three. */
const FEATURED_COUNT = 6;

/**
 * The landing sections in page order: the search entry, the featured
 * developments (under the page's own title) and "browse by area". `id`
 * prefixes the ids of their headings.
 */
export function LandingSections({ match, id, title, lead }: { match: RouteMatch; id: string; title: string; lead: string }) {
  const search = useRouteData(match, '/api/properties');
  const places = useRouteData(match, '/api/geo-url')?.data.tree ?? [];
  return (
    <>
      <section className="section section--tint search-entry-band">
        <div className="container">
          <SearchEntry id={`${id}-search-title`} places={places} />
        </div>
      </section>
      <FeaturedProjects id={`${id}-featured-title`} title={title} lead={lead} search={search} />
      <AreaLinks id={`${id}-areas-title`} places={places} />
    </>
  );
}

const developments = (count: number) => (count === 1 ? t('partnerHome.developmentsOne') : t('partnerHome.developments', { count }));

/** The newest listed developments, as cards, and a link to all of them. */
function FeaturedProjects({ id, title, lead, search }: { id: string; title: string; lead: string; search: SearchAnswer | undefined }) {
  const all = useHref('/search');
  const projects = search?.data.slice(0, FEATURED_COUNT) ?? [];
  if (!projects.length) return null;
  return (
    <Section id={id} title={title} lead={lead}>
      <ul className="grid grid--3 featured-projects">
        {projects.map((project, i) => (
          <li key={project.id}>
            <ProjectCard project={project} eager={i < 3} actions={<FavoriteButton projectId={project.id} name={project.name} />} />
          </li>
        ))}
      </ul>
      <div className="actions">
        <Link className="button button--outline" href={all}>
          {t('partnerHome.seeAll', { developments: developments(search!.meta.total) })}
        </Link>
      </div>
    </Section>
  );
}

/** The regions with listings and their towns, each a link to its readable search address with its count. */
function AreaLinks({ id, places }: { id: string; places: GeoNode[] }) {
  const section = useSection();
  const regions = places.flatMap((country) => country.children);
  if (!regions.length) return null;
  const link = (place: GeoNode) => hrefIn(section, `/search/${place.path}`);
  return (
    <Section id={id} title={t('partnerHome.areas.title')} lead={t('partnerHome.areas.lead')} tone="tint">
      <ul className="grid grid--3 area-links">
        {regions.map((region) => (
          <li key={region.path}>
            <article className="card area-card">
              <h3>
                <Link href={link(region)}>{region.name}</Link> <span className="area-card__count">{developments(region.count)}</span>
              </h3>
              <ul className="area-card__towns">
                {region.children.map((town) => (
                  <li key={town.path}>
                    <Link href={link(town)}>{town.name}</Link> <span className="area-card__count">{`(${town.count})`}</span>
                  </li>
                ))}
              </ul>
            </article>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * The area choices of the form: the regions (as place paths, which the search
 * reads without a country field); when the partner's listings lie in one
 * region, that region's towns.
 */
function areaChoices(places: GeoNode[]): {
  name: 'region' | 'town';
  grouped: boolean;
  groups: Array<{ label: string; options: GeoNode[] }>;
} {
  const regions = places.flatMap((country) => country.children);
  if (regions.length === 1) return { name: 'town', grouped: false, groups: [{ label: regions[0]!.name, options: regions[0]!.children }] };
  // Several countries: their regions under their names.
  return {
    name: 'region',
    grouped: places.length > 1,
    groups: places.map((country) => ({ label: country.name, options: country.children })),
  };
}

/** The search entry: area and category, sent as a GET to the section's /search. */
function SearchEntry({ id, places }: { id: string; places: GeoNode[] }) {
  const action = useHref('/search');
  const area = areaChoices(places);
  const option = (place: GeoNode) => (
    <option key={place.path} value={place.path}>
      {`${place.name} (${place.count})`}
    </option>
  );
  return (
    <form className="search-entry" method="get" action={action} role="search" aria-labelledby={id}>
      <h2 className="search-entry__title" id={id}>
        {t('partnerHome.searchEntry.title')}
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-area`}>
          {t('partnerHome.searchEntry.area')}
        </label>
        <select className="field__input" id={`${id}-area`} name={area.name} defaultValue="">
          <option value="">{t('partnerHome.searchEntry.anyArea')}</option>
          {area.grouped
            ? area.groups.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map(option)}
                </optgroup>
              ))
            : area.groups.flatMap((group) => group.options).map(option)}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-cat`}>
          {t('partnerHome.searchEntry.category')}
        </label>
        <select className="field__input" id={`${id}-cat`} name="cat" defaultValue="">
          <option value="">{t('partnerHome.searchEntry.anyCategory')}</option>
          {KNOWN_CATEGORIES.map((category) => (
            <option key={category.id} value={category.id}>
              {categoryLabel(category)}
            </option>
          ))}
        </select>
      </div>
      <button className="button button--primary search-entry__submit" type="submit">
        {t('partnerHome.searchEntry.submit')}
      </button>
    </form>
  );
}
