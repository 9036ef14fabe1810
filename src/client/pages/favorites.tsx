// favorites (/old/favorites, /{partner}/favorites): the projects kept, as
// search cards, each with its heart to remove it. A card leaves the list as
// soon as its heart is released ('Removed').
//
// - A logged-in client: the account's favorites (GET /api/favorites, the
//   route's data need, so the server renders them).
// - A visitor: the favorites kept in this browser, read after hydration
//   (GET /api/project-cards), newest first, under an invitation to register to
//   keep them (the server knows nothing of them: it renders the invitation).
import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import type { PageProps } from './index.ts';
import type { FavoriteProjectsAnswer } from '../../shared/accounts.ts';
import type { ProjectCard as Card } from '../../shared/catalogue.ts';
import { dataKey } from '../../shared/match.ts';
import { t } from '../../shared/i18n.ts';
import { useRouteData } from '../lib/useRouteData.ts';
import { useUser } from '../lib/auth.tsx';
import { useLocalFavorites } from '../lib/favorites.ts';
import { accountHref, loginHref, registerHref } from '../lib/account-links.ts';
import { useHref, useSection } from '../lib/section.tsx';
import { Meta } from '../components/Meta.tsx';
import { PageHeader } from '../components/Sections.tsx';
import { ProjectCard } from '../components/ProjectCard.tsx';
import { CardActions } from '../components/CardActions.tsx';
import { Link } from '../components/Link.tsx';
import { SendFavorites } from '../components/account/SendFavorites.tsx';

export default function FavoritesPage({ match }: PageProps) {
  const user = useUser();
  return (
    <>
      <Meta title={t('accountUi.favorites.title')} noindex />
      <PageHeader title={t('accountUi.favorites.title')} lead={t('accountUi.favorites.lead')} />
      <section className="section" aria-label={t('accountUi.favorites.title')}>
        <div className="container">
          {user ? <ClientFavorites match={match} kept={user.favorites} /> : <VisitorFavorites match={match} />}
        </div>
      </section>
    </>
  );
}

function ClientFavorites({ match, kept }: PageProps & { kept: number[] }) {
  const answer = useRouteData(match, '/api/favorites');
  const ids = new Set(kept);
  const projects = (answer?.data ?? []).filter((p) => ids.has(p.id));
  return (
    <>
      {projects.length > 0 && <SendFavorites count={projects.length} />}
      <Cards projects={projects} />
    </>
  );
}

const noSubscription = () => () => {};
/** False on the server and while hydrating, true after: this browser's storage may be read. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

function VisitorFavorites({ match }: PageProps) {
  const section = useSection();
  const hydrated = useHydrated();
  const local = useLocalFavorites();
  const newestFirst = [...local].reverse();
  const query: Record<string, string> = { ids: newestFirst.join(',') };
  if (match.params.partner) query.partner = match.params.partner;
  const { data, error } = useSWR<FavoriteProjectsAnswer>(newestFirst.length ? dataKey({ endpoint: '/api/project-cards', query }) : null, {
    revalidateOnMount: true,
    // A released heart changes the key: the other cards stay while it is read.
    keepPreviousData: true,
  });
  const kept = new Set(local);
  const here = accountHref(section, '/favorites');

  let list;
  if (!hydrated || (newestFirst.length && !data && !error)) {
    list = (
      <p className="favorites-loading" role="status">
        {t('localFavorites.loading')}
      </p>
    );
  } else if (error && !data) {
    list = (
      <p className="form-status form-status--error" role="alert">
        {t('messages.networkError')}
      </p>
    );
  } else {
    list = <Cards projects={newestFirst.length ? (data?.data ?? []).filter((p) => kept.has(p.id)) : []} />;
  }

  return (
    <>
      <div className="favorites-invite">
        <p>{t('localFavorites.lead')}</p>
        <p className="favorites-invite__actions">
          <Link className="button button--primary" href={registerHref(section, here)}>
            {t('localFavorites.registerButton')}
          </Link>
          <span>
            {t('localFavorites.haveAccount')} <Link href={loginHref(section, here)}>{t('localFavorites.login')}</Link>
          </span>
        </p>
      </div>
      {list}
    </>
  );
}

function Cards({ projects }: { projects: Card[] }) {
  const search = useHref('/search');
  if (!projects.length) {
    return (
      <div className="favorites-empty" role="status">
        <h2>{t('accountUi.favorites.empty')}</h2>
        <p>{t('accountUi.favorites.emptyText')}</p>
        <Link className="button button--primary" href={search}>
          {t('pageCommon.findHome')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid grid--3 favorites-list">
      {projects.map((project, i) => (
        <li key={project.id}>
          <ProjectCard project={project} headingLevel={2} eager={i < 3} actions={<CardActions project={project} />} />
        </li>
      ))}
    </ul>
  );
}
