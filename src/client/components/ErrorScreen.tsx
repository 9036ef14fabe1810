// The error screen of SPEC §2: an image, 'Oops! Page not found!' for a 404 or
// 'An error occurred' otherwise, the message, and a way home; a 404 also
// offers the section's search (issue 10). Plain links: they work without
// JavaScript. A chunk of its own (ErrorView.tsx loads it): most pages never show it.
import type { ErrorState } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { Link } from './Link.tsx';
import { Meta } from './Meta.tsx';
import { useHref } from '../lib/section.tsx';
import errorImage from '../assets/error.svg';

export function ErrorScreen({ error }: { error: ErrorState }) {
  const home = useHref('/');
  const search = useHref('/search');
  const notFound = error.statusCode === 404;
  const title = notFound ? t('errors.pageNotFoundTitle') : t('errors.genericTitle');
  return (
    <section className="error-page container" data-status={error.statusCode}>
      <Meta title={title} description={error.message} noindex />
      <img className="error-page__image" src={errorImage} alt={t('errors.imageAlt')} width={320} height={220} />
      <h1 className="error-page__title">{title}</h1>
      <p className="error-page__message">{error.message}</p>
      {notFound && <p className="error-page__help">{t('notFoundHelp.lead')}</p>}
      <nav className="error-page__ways" aria-label={t('notFoundHelp.ways')}>
        {notFound && (
          <Link className="button button--primary" href={search}>
            {t('notFoundHelp.search')}
          </Link>
        )}
        <Link className={notFound ? 'button button--outline' : 'button button--primary'} href={home}>
          {t('errors.backHome')}
        </Link>
      </nav>
    </section>
  );
}
