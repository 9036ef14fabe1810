// The languages page's list (issue 24): a page in each of the site's
// languages, each named in its own language. Plain links, not client
// navigation: another language is another build of the browser's code, so the
// page loads anew. The language followed is remembered (lib/language-choice.ts).
// A partner's site lists the languages it offers.
import { currentLanguage, t } from '../../../shared/i18n.ts';
import { inLanguage, type Language } from '../../../shared/languages.ts';
import { rememberChoice } from '../../lib/language-choice.ts';
import { useSiteLanguages } from '../../lib/section.tsx';

/** Each language's own name for itself (each locale file has its own as `languages.name`). */
const NAMES: Record<Language, string> = {
  en: 'English',
  da: 'Dansk',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  hr: 'Hrvatski',
  hu: 'Magyar',
  it: 'Italiano',
  ja: '日本語',
  nl: 'Nederlands',
  no: 'Norsk',
  pl: 'Polski',
  pt: 'Português',
  ru: 'Русский',
  sv: 'Svenska',
  uk: 'Українська',
};

export interface LanguageLinksProps {
  /** The page's path and query, without the language's prefix. */
  path: string;
}

function Links({ path }: { path: string }) {
  const here = currentLanguage();
  const site = useSiteLanguages();
  return (
    <ul className="language-links__list">
      {site.languages.map((language) => (
        <li key={language}>
          <a
            href={inLanguage(path, language, site.root)}
            hrefLang={language}
            lang={language}
            aria-current={language === here ? 'true' : undefined}
            onClick={() => rememberChoice(language)}
          >
            {NAMES[language]}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function LanguageLinks({ path }: LanguageLinksProps) {
  return (
    <nav className="language-links" aria-label={t('languages.label')}>
      <Links path={path} />
    </nav>
  );
}
