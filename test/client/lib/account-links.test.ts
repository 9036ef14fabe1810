// Where account pages are and where a login or logout lands (SPEC §4, §5):
// the section's pages, the section's home, and the login page's `redirect`,
// followed only when it is a local path that cannot lead to another origin.
import t from 'tap';
import {
  accountHref,
  authTransitionTarget,
  loginHref,
  returnPathOf,
  sectionHome,
  sitePartner,
  withReturn,
} from '../../../src/client/lib/account-links.ts';
import type { SectionInfo } from '../../../src/client/lib/section.tsx';

const MAIN: SectionInfo = { section: 'main', partnerSlug: null, hostPartner: null };
const OLD: SectionInfo = { section: 'old', partnerSlug: null, hostPartner: null };
const PARTNER: SectionInfo = { section: 'partner', partnerSlug: 'costa-casas', hostPartner: null };
const HOST: SectionInfo = { section: 'main', partnerSlug: 'costa-casas', hostPartner: 'costa-casas' };

const redirect = (path: string) => `?redirect=${encodeURIComponent(path)}`;

const HOSTILE = [
  '//evil.com',
  '/\\evil.com',
  '/%2F%2Fevil.com',
  '/%5Cevil.com',
  '/%252F%252Fevil.com',
  'https://evil.com',
  'javascript:alert(1)',
  'evil.com',
  '/%09/evil.com',
  '/a?next=//evil.com',
  '/../x',
  '/%0d%0aSet-Cookie:x=1',
];

t.test("account pages: /old on the main site (but /login), the partner's own under /{partner}", async (t) => {
  t.equal(accountHref(MAIN, '/client-login'), '/login');
  t.equal(accountHref(MAIN, '/client-register'), '/old/client-register');
  t.equal(accountHref(MAIN, '/favorites'), '/old/favorites');
  t.equal(accountHref(OLD, '/client-login'), '/old/client-login');
  t.equal(accountHref(OLD, '/profile'), '/old/profile');
  t.equal(accountHref(PARTNER, '/client-login'), '/costa-casas/client-login');
  t.equal(accountHref(PARTNER, '/favorites'), '/costa-casas/favorites');
  t.equal(accountHref(HOST, '/client-forgot-password'), '/client-forgot-password', "on its own domain, the partner's site is the root");
  t.equal(accountHref(HOST, '/client-login'), '/client-login');
});

t.test('the partner whose site this is', async (t) => {
  t.equal(sitePartner(MAIN), null);
  t.equal(sitePartner(OLD), null);
  t.equal(sitePartner(PARTNER), 'costa-casas');
  t.equal(sitePartner(HOST), 'costa-casas');
});

t.test("a section's home", async (t) => {
  t.equal(sectionHome(MAIN), '/');
  t.equal(sectionHome(OLD), '/', '/old has no home of its own');
  t.equal(sectionHome(PARTNER), '/costa-casas');
  t.equal(sectionHome(HOST), '/');
});

t.test('logging in goes back to the page that asked, else home; logging out goes home', async (t) => {
  t.equal(authTransitionTarget(true, redirect('/old/favorites'), '/'), '/old/favorites');
  t.equal(authTransitionTarget(true, redirect('/costa-casas/for-sale/12'), '/costa-casas'), '/costa-casas/for-sale/12');
  t.equal(authTransitionTarget(true, '', '/costa-casas'), '/costa-casas');
  t.equal(authTransitionTarget(true, '?other=1', '/'), '/');
  t.equal(authTransitionTarget(false, redirect('/old/favorites'), '/'), '/', 'a logout ignores the redirect');
  t.equal(authTransitionTarget(false, '', '/costa-casas'), '/costa-casas');
  for (const path of HOSTILE) t.equal(authTransitionTarget(true, redirect(path), '/'), '/', `refused: ${path}`);
  // Not encoded at all, as a hand-made link would have it.
  t.equal(authTransitionTarget(true, '?redirect=//evil.com', '/'), '/');
  t.equal(authTransitionTarget(true, '?redirect=/%2F%2Fevil.com', '/'), '/');
});

t.test('the login link keeps only a path that may be returned to', async (t) => {
  t.equal(loginHref(MAIN, '/search'), '/login?redirect=%2Fsearch');
  t.equal(loginHref(PARTNER, '/costa-casas/for-sale/7'), '/costa-casas/client-login?redirect=%2Fcosta-casas%2Ffor-sale%2F7');
  t.equal(loginHref(OLD), '/old/client-login');
  for (const path of HOSTILE) t.equal(loginHref(MAIN, path), '/login', `dropped: ${path}`);
  t.equal(returnPathOf(redirect('/old/favorites')), '/old/favorites');
  t.equal(returnPathOf(redirect('//evil.com')), null);
  t.equal(withReturn('/old/client-register', '/old/favorites'), '/old/client-register?redirect=%2Fold%2Ffavorites');
  t.equal(withReturn('/old/client-register', null), '/old/client-register');
});
