// The site header: logo, navigation, and the mobile slide-in menu below the lg
// breakpoint. Transparent over a hero (class header-transparent, SPEC §2).
import { useState } from 'react';
import { useLocation } from 'wouter';
import { t } from '../../shared/i18n.ts';
import { useStore } from '../store.tsx';
import { hrefIn, useSection } from '../lib/section.tsx';
import { navItems } from '../lib/nav.ts';
import { useDisclosure } from '../lib/useDisclosure.ts';
import { Link } from './Link.tsx';
import { Logo } from './Logo.tsx';
import { useContactDetails } from './Footer.tsx';
import { ContactLines } from './ContactLines.tsx';
import { AccountMenu } from './account/AccountMenu.tsx';
import { LanguageToggle } from './language/LanguageToggle.tsx';

export function Header({ minimal = false }: { minimal?: boolean }) {
  const headerClass = useStore((s) => s.headerClass);
  const section = useSection();
  const [location] = useLocation();
  const { open, setOpen, toggle } = useDisclosure('menu-open');
  const { name: brand, phone, email } = useContactDetails();
  const items = navItems(section.section).map((item) => ({ ...item, href: hrefIn(section, item.path) }));
  // The menu's contents (a copy of the navigation) are rendered from its first
  // opening on, not in every page's HTML: closed, it is hidden and inert, and
  // it opens only with JavaScript. The empty <nav> is there from the start, so
  // the first opening slides in like any other.
  const [filled, setFilled] = useState(false);
  if (open && !filled) setFilled(true);

  return (
    <header className={`site-header ${headerClass}`}>
      <div className="container site-header__inner">
        <Link className="site-header__logo" href={hrefIn(section, '/')} aria-label={t('nav.homeLabel', { name: brand })}>
          <Logo />
        </Link>
        {!minimal && (
          <>
            <nav className="site-nav" aria-label={t('nav.label')}>
              <ul>
                {items.map((item) => (
                  <li key={item.path}>
                    <Link href={item.href} aria-current={location === item.href ? 'page' : undefined}>
                      {t(item.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <AccountMenu />
            <LanguageToggle place="header" />
            <button
              ref={toggle}
              type="button"
              className="menu-toggle"
              aria-expanded={open}
              aria-controls="mobile-menu"
              onClick={() => setOpen((v) => !v)}
            >
              <span className="menu-toggle__bars" aria-hidden="true" />
              <span className="visually-hidden">{open ? t('nav.close') : t('nav.open')}</span>
            </button>
          </>
        )}
      </div>
      {!minimal && (
        <>
          <div className={`mobile-menu__backdrop${open ? ' is-open' : ''}`} onClick={() => setOpen(false)} aria-hidden="true" />
          <nav
            id="mobile-menu"
            className={`mobile-menu${open ? ' is-open' : ''}`}
            aria-label={t('nav.mobileLabel')}
            aria-hidden={!open}
            inert={!open}
          >
            {filled && (
              <>
                <div className="mobile-menu__top">
                  <span className="mobile-menu__title">{t('nav.mobileLabel')}</span>
                  <button type="button" className="mobile-menu__close" onClick={() => setOpen(false)}>
                    <span aria-hidden="true">×</span>
                    <span className="visually-hidden">{t('nav.close')}</span>
                  </button>
                </div>
                <ul>
                  {items.map((item) => (
                    <li key={item.path}>
                      <Link href={item.href} aria-current={location === item.href ? 'page' : undefined} onClick={() => setOpen(false)}>
                        {t(item.label)}
                      </Link>
                    </li>
                  ))}
                </ul>
                {(phone || email) && (
                  <div className="mobile-menu__contact">
                    <p className="mobile-menu__contact-name">{brand}</p>
                    <ContactLines phone={phone} email={email} />
                  </div>
                )}
              </>
            )}
          </nav>
        </>
      )}
    </header>
  );
}
