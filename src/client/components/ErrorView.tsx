// The error screen of SPEC §2: an image, 'Oops! Page not found!' for a 404 or
// 'An error occurred' otherwise, the message, and a way home; a 404 also
// offers the section's search (issue 10). Plain links: they work without
// JavaScript. If this screen itself fails, the boundary shows the last-resort
// text with a link home.
import { Component, type ReactNode } from 'react';
import type { ErrorState } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { Link } from './Link.tsx';
import { Meta } from './Meta.tsx';
import { useHref } from '../lib/section.tsx';
import errorImage from '../assets/error.svg';

function ErrorScreen({ error }: { error: ErrorState }) {
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

export function ErrorPageFailed() {
  return (
    <section className="error-page container">
      <h1 className="error-page__title">{t('errors.errorPageFailed')}</h1>
      <p>
        <a href="/">{t('errors.backHome')}</a>
      </p>
    </section>
  );
}

export function ErrorView({ error }: { error: ErrorState }) {
  return (
    <ErrorBoundary fallback={() => <ErrorPageFailed />}>
      <ErrorScreen error={error} />
    </ErrorBoundary>
  );
}

interface BoundaryProps {
  children: ReactNode;
  fallback: (error: unknown) => ReactNode;
  /** Changing the key resets the boundary (e.g. on navigation). */
  resetKey?: string;
}

export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string | undefined }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('render failed') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string | undefined }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
