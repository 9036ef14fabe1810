// The five layouts of SPEC §2. Partner colours reach every layout through the
// CSS custom properties in the head; the partner layout also shows the
// partner's brand in header and footer (from the store).
import type { ComponentType, ReactNode } from 'react';
import type { LayoutName } from '../../shared/routes.ts';
import type { RouteMatch } from '../../shared/match.ts';
import { t } from '../../shared/i18n.ts';
import { Header } from '../components/Header.tsx';
import { Footer } from '../components/Footer.tsx';
import { CompareTraySlot } from '../components/compare/CompareTraySlot.tsx';
import { LanguageNoteSlot } from '../components/language/LanguageNoteSlot.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { CookieConsent } from '../components/consent/index.ts';

export interface LayoutProps {
  match: RouteMatch | null;
  children: ReactNode;
}

function Shell({
  name,
  minimal = false,
  footer = true,
  children,
}: {
  name: LayoutName;
  minimal?: boolean;
  footer?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`layout layout--${name}`} data-layout={name}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      {/*
        Right after the skip link, so that keyboard and screen-reader users meet
        the cookie question first (the second Tab stop), not after the whole page.
        The bar still shows at the bottom (consent.css: flex order).
      */}
      <CookieConsent />
      <ProgressBar />
      <Header minimal={minimal} />
      <main id="main" className="layout__main" tabIndex={-1}>
        {children}
      </main>
      <CompareTraySlot />
      <LanguageNoteSlot />
      {footer && <Footer />}
    </div>
  );
}

const MainLayout = ({ children }: LayoutProps) => <Shell name="main">{children}</Shell>;
const DefaultLayout = ({ children }: LayoutProps) => <Shell name="default">{children}</Shell>;
const PartnerLayout = ({ children }: LayoutProps) => <Shell name="partner">{children}</Shell>;
const AppPagesLayout = ({ children }: LayoutProps) => (
  <Shell name="app-pages">
    <div className="container container--narrow">{children}</div>
  </Shell>
);
// The error screens' layout (an address that matched nothing): the site's
// whole header and footer, so a visitor who mistyped an address has a way on.
const PlainAppLayout = ({ children }: LayoutProps) => <Shell name="plain-app">{children}</Shell>;

export const layouts: Record<LayoutName, ComponentType<LayoutProps>> = {
  main: MainLayout,
  default: DefaultLayout,
  partner: PartnerLayout,
  'app-pages': AppPagesLayout,
  'plain-app': PlainAppLayout,
};
