// The main home page's featured developments (GET /api/featured): the newest
// listings, the ones reduced lately and the key-ready ones, each a row of
// cards under its own heading, chosen by the server from the catalogue as it
// is. A list with nothing in it is left out, the section when all are.
import type { FeaturedAnswer, ProjectCard as Card } from '../../shared/catalogue.ts';
import { t } from '../../shared/i18n.ts';
import { useHref } from '../lib/section.tsx';
import { PHOTO_SIZES } from '../lib/photo-sizes.ts';
import { ProjectCard } from './ProjectCard.tsx';
import { CardActions } from './CardActions.tsx';
import { Link } from './Link.tsx';
import { Section } from './Sections.tsx';

const LISTS = [
  ['newest', 'home.featured.newest'],
  ['reduced', 'home.featured.reduced'],
  ['key_ready', 'home.featured.keyReady'],
] as const;

export function FeaturedDevelopments({ featured }: { featured: FeaturedAnswer | undefined }) {
  const all = useHref('/search');
  const lists = LISTS.map(([key, title]) => ({ key, title: t(title), projects: featured?.data[key] ?? [] })).filter(
    (list) => list.projects.length,
  );
  if (!lists.length) return null;
  return (
    <Section id="home-featured-title" title={t('home.featured.title')} lead={t('home.featured.lead')}>
      {lists.map((list) => (
        <FeaturedRow key={list.key} id={`home-featured-${list.key}`} title={list.title} projects={list.projects} />
      ))}
      <div className="actions">
        <Link className="button button--outline" href={all}>
          {t('home.featured.seeAll')}
        </Link>
      </div>
    </Section>
  );
}

function FeaturedRow({ id, title, projects }: { id: string; title: string; projects: Card[] }) {
  return (
    <section className="featured-row" aria-labelledby={id}>
      <h3 className="featured-row__title" id={id}>
        {title}
      </h3>
      <ul className="grid grid--3 featured-row__cards">
        {projects.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} headingLevel={4} sizes={PHOTO_SIZES.featuredRow} actions={<CardActions project={project} />} />
          </li>
        ))}
      </ul>
    </section>
  );
}
