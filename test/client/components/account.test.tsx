// The account components as the server renders them (and the browser hydrates
// them): the header's control for a visitor and for a client in each section,
// the heart's pressed state from the logged-in user only (a visitor's stored
// hearts show after hydration, never in the cached HTML), and the toast region,
// present and empty from the start so screen readers announce what comes.
import t from 'tap';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { ClientUser } from '../../../src/shared/accounts.ts';
import { AuthProvider, createAuthStore } from '../../../src/client/lib/auth.tsx';
import { SectionProvider, type SectionInfo } from '../../../src/client/lib/section.tsx';
import { AccountMenu } from '../../../src/client/components/account/AccountMenu.tsx';
import { clientMenu } from '../../../src/client/lib/client-menu.ts';
import { FavoriteButton } from '../../../src/client/components/account/FavoriteButton.tsx';
import { ToastProvider } from '../../../src/client/components/toast/Toasts.tsx';

const USER: ClientUser = {
  id: 7,
  email: 'ana@example.com',
  name: 'Ana García',
  phone: null,
  scope: ['client'],
  partner_id: null,
  favorites: [12, 30],
  favorite_alerts: true,
};
const MAIN: SectionInfo = { section: 'main', partnerSlug: null, hostPartner: null };
const PARTNER: SectionInfo = { section: 'partner', partnerSlug: 'costa-casas', hostPartner: null };

function render(node: ReactNode, user: ClientUser | null, section = MAIN): string {
  return renderToString(
    <Router ssrPath="/search" ssrSearch="">
      <AuthProvider store={createAuthStore(user)}>
        <SectionProvider value={section}>{node}</SectionProvider>
      </AuthProvider>
    </Router>,
  );
}

t.test('the header: a login link for a visitor, in the section', async (t) => {
  t.match(render(<AccountMenu />, null), /<a class="account-menu__login" href="\/login"/);
  t.match(render(<AccountMenu />, null, PARTNER), /href="\/costa-casas\/client-login"/);
  t.notMatch(render(<AccountMenu />, null), /account-menu__toggle/);
});

t.test('the header: a closed menu for a client, with favorites, profile and logout', async (t) => {
  // The menu's code loads when needed (view.ts loads it before a client's page renders): until then, the empty box.
  t.equal(render(<AccountMenu />, USER), '<div class="account-menu"></div>', 'the box before the menu arrives');
  await clientMenu.load();
  const html = render(<AccountMenu />, USER);
  t.match(html, /<button type="button" class="account-menu__toggle" aria-expanded="false" aria-controls="account-menu-list"/);
  t.match(html, /<ul id="account-menu-list" class="account-menu__list" hidden="">/, 'closed');
  t.match(html, /href="\/old\/favorites"/);
  t.match(html, /href="\/old\/profile"/);
  t.match(html, /account-menu__logout/);
  t.match(html, /Ana García/, 'names the client');
  t.match(html, /account-menu__count">2</, 'counts the favorites');
  t.notMatch(html, /account-menu__login/);
  t.match(render(<AccountMenu />, USER, PARTNER), /href="\/costa-casas\/favorites"/);
});

t.test("the heart: pressed for the client's favorites only, labelled with the project", async (t) => {
  const pressed = render(<FavoriteButton projectId={12} name="Mar Azul" />, USER);
  t.match(pressed, /aria-pressed="true"/);
  t.match(pressed, /title="Favorite: Mar Azul"/, 'named by its title, the tooltip');
  t.notMatch(pressed, /aria-label=/, 'and not a second time');
  t.match(pressed, /is-pressed/);
  t.match(render(<FavoriteButton projectId={13} name="Mar Azul" />, USER), /aria-pressed="false"/);
  t.match(render(<FavoriteButton projectId={12} name="Mar Azul" />, null), /aria-pressed="false"/, 'a visitor: unpressed on the server');
  const page = render(<FavoriteButton projectId={12} name="Mar Azul" variant="page" />, USER);
  t.notMatch(page, /aria-label=/, 'the page variant is named by its text');
  t.match(page, /Favorite.*<span class="visually-hidden"> .*Mar Azul<\/span>/, 'a visible word, and the project for screen readers');
});

t.test('the toast region: a polite live region, empty on the server', async (t) => {
  const html = renderToString(<ToastProvider>page</ToastProvider>);
  t.match(html, /^page<div class="toasts" role="status" aria-live="polite" aria-label="Notifications"><\/div>$/);
});
