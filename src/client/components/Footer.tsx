// The site footer: the partner's or the office's contact details, the section's
// links and the informational pages.
import { t } from '../../shared/i18n.ts';
import { useStore } from '../store.tsx';
import { hrefIn, useSection } from '../lib/section.tsx';
import { navItems } from '../lib/nav.ts';
import { Link } from './Link.tsx';

const INFO_PAGES = ['buying-process', 'costs-and-taxes', 'mortgages-for-non-residents'] as const;

export function Footer() {
  const partner = useStore((s) => s.partner);
  const section = useSection();
  const contact = partner
    ? { name: partner.name, email: partner.email, phone: partner.phone, address: [partner.address, partner.city].filter(Boolean).join(', ') }
    : { name: t('site.name'), email: t('office.email'), phone: t('office.phone'), address: t('office.address') };
  const year = 2026;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section>
          <h2 className="site-footer__heading">{contact.name}</h2>
          <address>
            {contact.address && <p>{contact.address}</p>}
            {contact.phone && (
              <p>
                <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
              </p>
            )}
            {contact.email && (
              <p>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </p>
            )}
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
                <Link href={section.section === 'main' && !section.hostPartner ? `/${slug}` : hrefIn(section, `/${slug}`)}>{t(`footer.pages.${slug}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>{t('footer.copyright', { year, name: contact.name })}</p>
      </div>
    </footer>
  );
}
