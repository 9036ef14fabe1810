// {section}/languages?from={path}: the page the visitor came from in each of the
// site's languages (issue 24), the header's and footer's language link's page.
// Plain links: another language is another build of the browser's code. `from`
// is taken only as a path of this site (shared/return-path.ts), so the page can
// send no one elsewhere; without it, the section's home.
import { useSearch } from 'wouter';
import type { PageProps } from './index.ts';
import { t } from '../../shared/i18n.ts';
import { isSafeReturnPath } from '../../shared/return-path.ts';
import { Meta } from '../components/Meta.tsx';
import { LanguageLinks } from '../components/language/LanguageLinks.tsx';
import { useHref } from '../lib/section.tsx';

export const FROM_PARAM = 'from';

/** The page to offer in each language: `from`'s path and query when its path is this site's, else `home`. */
export function pageFrom(from: string | null, home: string): string {
  if (!from) return home;
  const [path = '', query] = from.split('?', 2);
  if (!isSafeReturnPath(path)) return home;
  const kept = new URLSearchParams(query).toString();
  return kept ? `${path}?${kept}` : path;
}

export default function LanguagesPage(_props: PageProps) {
  const home = useHref('/');
  const path = pageFrom(new URLSearchParams(useSearch()).get(FROM_PARAM), home);
  return (
    <>
      <Meta title={t('languages.title')} noindex />
      <header className="page-header">
        <div className="container">
          <h1 className="page-title">{t('languages.title')}</h1>
        </div>
      </header>
      <div className="container">
        <LanguageLinks path={path} />
      </div>
    </>
  );
}
