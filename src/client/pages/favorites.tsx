// favorites (/old/favorites, /{partner}/favorites; login required): the
// client's projects as search cards (GET /api/favorites, the route's data
// need, so the server renders them), each with its heart to remove it. A card
// leaves the list as soon as its heart is released ('Removed').
import type { PageProps } from './index.ts';
import type { FavoriteProjectsAnswer } from '../../shared/accounts.ts';
import { t } from '../../shared/i18n.ts';
import { useRouteData } from '../lib/useRouteData.ts';
import { useUser } from '../lib/auth.tsx';
import { useHref } from '../lib/section.tsx';
import { Meta } from '../components/Meta.tsx';
import { PageHeader } from '../components/Sections.tsx';
import { ProjectCard } from '../components/ProjectCard.tsx';
import { FavoriteButton } from '../components/account/FavoriteButton.tsx';
import { Link } from '../components/Link.tsx';
import { SendFavorites } from '../components/account/SendFavorites.tsx';

export default function FavoritesPage({ match }: PageProps) {
  const user = useUser();
  const answer = useRouteData<FavoriteProjectsAnswer>(match, '/api/favorites');
  const search = useHref('/search');
  const kept = new Set(user?.favorites ?? []);
  const projects = (answer?.data ?? []).filter((p) => kept.has(p.id));
  return (
    <>
      <Meta title={t('accountUi.favorites.title')} noindex />
      <PageHeader title={t('accountUi.favorites.title')} lead={t('accountUi.favorites.lead')} />
      <section className="section" aria-label={t('accountUi.favorites.title')}>
        <div className="container">
          {user && projects.length > 0 && <SendFavorites count={projects.length} />}
          {projects.length ? (
            <ul className="grid grid--3 favorites-list">
              {projects.map((project, i) => (
                <li key={project.id}>
                  <ProjectCard project={project} headingLevel={2} eager={i < 3} actions={<FavoriteButton projectId={project.id} name={project.name} />} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="favorites-empty" role="status">
              <h2>{t('accountUi.favorites.empty')}</h2>
              <p>{t('accountUi.favorites.emptyText')}</p>
              <Link className="button button--primary" href={search}>
                {t('pageCommon.findHome')}
              </Link>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
