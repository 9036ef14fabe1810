// The site footer's contents: the partner's or the office's contact details, the
// section's links, the informational pages, the terms, the cookie settings and
// the language. Links and one button: taken over on first use or after a
// client navigation (LazyFooterBody.browser.tsx), so a page's first load
// carries none of its code or words.
import { t } from '../../../shared/i18n.ts';
import { hrefIn, useSection } from '../../lib/section.tsx';
import { navItems } from '../../lib/nav.ts';
import { TERMS_PATH } from '../../lib/account-links.ts';
import { Link } from '../Link.tsx';
import { Logo } from '../Logo.tsx';
import { ContactLines } from '../ContactLines.tsx';
import { CookieSettingsButton } from '../consent/index.ts';
import { LanguageToggle } from '../language/LanguageToggle.tsx';

const INFO_PAGES = ['buying-process', 'costs-and-taxes', 'buying-costs', 'mortgages-for-non-residents', 'nie-number'] as const;

export interface FooterBodyProps {
  /** On a partner's site (its tagline). */
  partner: boolean;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  /** The page's path and query: the language link offers it (a new page renders the footer anew). */
  path: string;
}

export function FooterBody({ partner, name, address, phone, email }: FooterBodyProps) {
  const section = useSection();
  const year = 2026;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__brand" aria-label={name}>
          <Logo />
          <p className="site-footer__tagline">{partner ? t('footer.partnerTagline') : t('footer.tagline')}</p>
          <address>
            {address && <p>{address}</p>}
            <ContactLines phone={phone} email={email} />
          </address>
        </section>
        <nav aria-label={t('footer.siteLinks')}>
          <h2 className="site-footer__heading">{t('footer.explore')}</h2>
          <ul>
            {navItems(section.section).map((item) => (
              <li key={item.path}>
                <Link href={hrefIn(section, item.path)}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.guides')}>
          <h2 className="site-footer__heading">{t('footer.guides')}</h2>
          <ul>
            {INFO_PAGES.map((slug) => (
              <li key={slug}>
                <Link href={hrefIn(section, `/${slug}`)}>{t(`footer.pages.${slug}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>{t('footer.copyright', { year, name })}</p>
        <Link className="site-footer__terms" href={hrefIn(section, TERMS_PATH)}>
          {t('accountUi.termsLink')}
        </Link>
        <CookieSettingsButton />
        <LanguageToggle place="footer" />
      </div>
    </footer>
  );
}
