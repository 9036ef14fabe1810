// A content page from the store (/old/{content}, /{partner}/{content},
// /{content}) in the page's language; without a slug (/old), the index of the
// guides. A page not written in the page's language (the read chose another,
// content-language.ts) carries its own `lang` and a line saying so.
import type { PageProps } from './index.ts';
import type { ContentPage, ContentSummary } from '../../shared/content.ts';
import { currentLanguage, t } from '../../shared/i18n.ts';
import type { Language } from '../../shared/languages.ts';
import { useRouteData } from '../lib/useRouteData.ts';
import { useHref } from '../lib/section.tsx';
import { usePageWhere } from '../lib/usePageWhere.ts';
import { contentAddresses } from '../lib/content-addresses.ts';
import { Meta } from '../components/Meta.tsx';
import { Link } from '../components/Link.tsx';
import { RichText } from '../components/RichText.tsx';

/** A text's `lang` when it is not the page's language. */
const otherLanguage = (language: Language): Language | undefined => (language === currentLanguage() ? undefined : language);

function Article({ page }: { page: ContentPage }) {
  const lang = otherLanguage(page.language);
  const addresses = contentAddresses(usePageWhere(), page);
  return (
    <article className="container page content-page" lang={lang}>
      <Meta title={page.title} description={page.summary} addresses={addresses} />
      {lang && (
        <p className="content-page__language" lang={currentLanguage()}>
          {t('contentLanguages.fallback', { language: t(`contentLanguages.names.${lang}`) })}
        </p>
      )}
      <h1>{page.title}</h1>
      {page.summary && <p className="lead">{page.summary}</p>}
      <RichText body={page.body} />
    </article>
  );
}

function GuideLink({ page }: { page: ContentSummary }) {
  const href = useHref(`/${page.slug}`);
  return (
    <li className="guide-list__item" lang={otherLanguage(page.language)}>
      <h2>
        <Link href={href}>{page.title}</Link>
      </h2>
      {page.summary && <p>{page.summary}</p>}
    </li>
  );
}

function Index({ pages }: { pages: ContentSummary[] }) {
  return (
    <section className="container page content-index">
      <Meta title={t('guides.title')} description={t('guides.description')} />
      <h1>{t('guides.title')}</h1>
      <p className="lead">{t('guides.description')}</p>
      <ul className="guide-list">
        {pages.map((page) => (
          <GuideLink key={page.slug} page={page} />
        ))}
      </ul>
    </section>
  );
}

export default function ContentPageView({ match }: PageProps) {
  const page = useRouteData(match, '/api/content')?.data;
  const list = useRouteData(match, '/api/content-list')?.data;
  if (page) return <Article page={page} />;
  if (list) return <Index pages={list} />;
  return null;
}
