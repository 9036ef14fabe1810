// A page's head for search engines and link previews: title, description,
// canonical address and the page in other languages (hreflang), robots, Open
// Graph and the X card's kind. React 19 hoists the
// tags into the document head. Addresses are absolute and built from
// configuration (src/shared/seo.ts), never from the request's host; which
// address is canonical, and when a page is noindex: lib/page-addresses.ts.
// og:url is always the canonical address (the page's own when it has none), so
// a shared link and a search engine agree on which page it is.
import { t } from '../../shared/i18n.ts';
import { absoluteUrl, type PreviewImage } from '../../shared/seo.ts';
import { useStore } from '../store.tsx';
import { pageAddresses, type PageAddresses } from '../lib/page-addresses.ts';
import { usePageWhere } from '../lib/usePageWhere.ts';
import defaultImage from '../assets/og-default.jpg';

/** The default picture (src/client/assets/og-default.jpg), of the size link previews prefer. */
const DEFAULT_IMAGE: PreviewImage = { url: defaultImage, width: 1200, height: 630, type: 'image/jpeg' };

export interface MetaProps {
  /** The page's own title; the site's (or partner's) name is added after it. */
  title?: string;
  description?: string;
  /**
   * The picture of a link preview (a JPEG, PNG or WebP; absolute, or a path on
   * this site), with its size and type when known. Default: the site's picture.
   */
  image?: PreviewImage;
  /** What the picture shows (the default picture's is seo.defaultImageAlt). */
  imageAlt?: string;
  /** og:type; 'website' unless given (e.g. 'article' for a guide). */
  type?: string;
  /**
   * The path (and query) of the page's canonical address on this site.
   * Default: the address shown, without tracking parameters (utm_*, gclid, …).
   */
  canonicalPath?: string;
  /** Keep the page out of search engines (the error screen): robots noindex, no canonical link. */
  noindex?: boolean;
  /** Addresses the page works out itself (a content page's: lib/content-addresses.ts), instead of the above. */
  addresses?: PageAddresses;
}

export function Meta({
  title,
  description,
  image,
  imageAlt,
  type = 'website',
  canonicalPath: canonical,
  noindex,
  addresses: own,
}: MetaProps) {
  const partner = useStore((s) => s.partner);
  const where = usePageWhere();
  const site = partner?.name ?? t('site.name');
  const fullTitle = title ? `${title} | ${site}` : `${site} | ${t('site.tagline')}`;
  const text = description ?? t('site.description');
  const addresses = own ?? pageAddresses(where, { canonicalPath: canonical, noindex });
  const origin = new URL(addresses.url).origin;
  const picture = image ?? DEFAULT_IMAGE;
  const pictureUrl = absoluteUrl(origin, picture.url);
  const alt = imageAlt ?? (image ? undefined : t('seo.defaultImageAlt'));
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      {addresses.robots && <meta name="robots" content={addresses.robots} />}
      {addresses.canonical && <link rel="canonical" href={addresses.canonical} />}
      {addresses.alternates.map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
      ))}
      <meta property="og:site_name" content={site} />
      <meta property="og:locale" content={t('seo.ogLocale')} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title ?? fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={addresses.canonical ?? addresses.url} />
      <meta property="og:image" content={pictureUrl} />
      {picture.type && <meta property="og:image:type" content={picture.type} />}
      {picture.width && <meta property="og:image:width" content={String(picture.width)} />}
      {picture.height && <meta property="og:image:height" content={String(picture.height)} />}
      {alt && <meta property="og:image:alt" content={alt} />}
      {/* X reads og:title, og:description and og:image where its own tags are absent: only the card's kind is its own. */}
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
