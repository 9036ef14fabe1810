// A partner's landing sections (its home and its new-build page): the newest
// listed developments in its scope, "browse by area" with the places and their
// counts, and the search entry (SearchEntry.tsx). The data is the route's
// (routes.ts: the first page of the partner's search and its place tree),
// rendered by the server.
import type { RouteMatch } from '../../shared/match.ts';
import type { GeoNode, SearchAnswer } from '../../shared/catalogue.ts';
import { t } from '../../shared/i18n.ts';
import { useRouteData } from '../lib/useRouteData.ts';
import { hrefIn, useHref, useSection } from '../lib/section.tsx';
import { ProjectCard } from './ProjectCard.tsx';
import { CardActions } from './CardActions.tsx';
import { Link } from './Link.tsx';
import { Section } from './Sections.tsx';
import { developmentsLabel } from './search/place-labels.ts';
import { SearchEntryBand } from './SearchEntry.tsx';

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
      <SearchEntryBand id={`${id}-search-title`} />
      <FeaturedProjects id={`${id}-featured-title`} title={title} lead={lead} search={search} />
      <AreaLinks id={`${id}-areas-title`} places={places} />
    </>
  );
}

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
            <ProjectCard project={project} eager={i < 3} actions={<CardActions project={project} />} />
          </li>
        ))}
      </ul>
      <div className="actions">
        <Link className="button button--outline" href={all}>
          {t('partnerHome.seeAll', { developments: developmentsLabel(search!.meta.total) })}
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
                <Link href={link(region)}>{region.name}</Link> <span className="area-card__count">{developmentsLabel(region.count)}</span>
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
