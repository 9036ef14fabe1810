// The page's language in the header and the footer, a link to the languages
// page (pages/languages.tsx), which offers the page on screen in each language.
// A link, not a list on every page: sixteen links more in each page's HTML
// would cost the search page 0.4 KiB of its 8 KiB; a link works by keyboard
// and without JavaScript alike.
import { useLocation, useSearch } from 'wouter';
import { currentLanguage, t } from '../../../shared/i18n.ts';
import { useHref } from '../../lib/section.tsx';
import { Link } from '../Link.tsx';

/** The languages page, offering the page on screen. */
function useLanguagesHref(): string {
  const [path] = useLocation();
  const search = useSearch();
  return `${useHref('/languages')}?from=${encodeURIComponent(search ? `${path}?${search}` : path)}`;
}

export function LanguageToggle({ place }: { place: 'header' | 'footer' }) {
  const href = useLanguagesHref();
  const label = `${t('languages.label')}: ${t('languages.name')}`;
  if (place === 'footer')
    return (
      <Link className="language-toggle" href={href}>
        {label}
      </Link>
    );
  // The code shows; a screen reader hears the language's name too.
  return (
    <Link className="language-toggle" href={href}>
      {currentLanguage().toUpperCase()}
      <span className="visually-hidden"> {label}</span>
    </Link>
  );
}
