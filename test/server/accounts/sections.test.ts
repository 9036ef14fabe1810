// Every account page in every section (issue 10): /old, /{partner} and the
// partner's own domain each have login, register, forgot, reset, favorites
// and profile; the main site keeps /login. A visitor who opens the profile is
// sent to the login of the section it is in, with the path to come back to;
// the pages render in the section's brand and every link between account
// pages (and the header's login link) stays in the section; a logged-in
// client sees favorites and profile there, and is sent from the guest pages to
// the section's home.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { layoutOf, stateOf, textOf } from '../../helpers/html.ts';
import { accountsApp, registered, withCookie } from './helpers.ts';

interface SectionCase {
  name: string;
  host?: string;
  /** Where the section's account pages are: '/old', '/costa-casas', '' (the partner's own domain). */
  base: string;
  /** The partner whose brand the pages wear, or null for the main brand. */
  partner: string | null;
  /** The section's home, where a logged-in client is sent from a guest page. */
  home: string;
}

const SECTIONS: SectionCase[] = [
  { name: '/old', base: '/old', partner: null, home: '/' },
  { name: "a partner's path site", base: '/costa-casas', partner: 'costa-casas', home: '/costa-casas' },
  { name: "a partner's own domain", host: 'costa-casas.localhost', base: '', partner: 'costa-casas', home: '/' },
];

const TOKEN = 'A'.repeat(43);
const PARTNER_NAME = 'Costa Casas Inmobiliaria';

/** Every href of a page, unescaped. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
/** The header's login link of a visitor. */
const headerLogin = (html: string) =>
  /<a class="account-menu__login"[^>]*href="([^"]*)"/.exec(html)?.[1] ??
  /<a href="([^"]*)"[^>]*class="account-menu__login"/.exec(html)?.[1];

forEachStore(
  t,
  'account pages in every section: the section’s brand, links that stay in it, and the profile sending a visitor to its login',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const token = await registered(app, 'ana@example.com', { partner: 'costa-casas' });

    for (const s of SECTIONS) {
      t.test(s.name, async (t) => {
        const get = (url: string, cookie?: string) =>
          app.inject({ url, headers: { ...(s.host ? { host: s.host } : {}), ...(cookie ? withCookie(cookie) : {}) } });
        const at = (path: string) => `${s.base}${path}`;
        const brand = (html: string, what: string) => {
          t.equal(stateOf(html).state.partner?.slug ?? null, s.partner, `${what}: the section's partner`);
          t.equal(layoutOf(html), s.partner ? 'partner' : 'default', `${what}: the section's layout`);
          if (s.partner) t.match(textOf(html), PARTNER_NAME, `${what}: the partner's name on the page`);
        };

        // The guest pages, to a visitor.
        const login = await get(at('/client-login'));
        t.equal(login.statusCode, 200, 'login');
        brand(login.body, 'login');
        t.ok(hrefs(login.body).includes(at('/client-register')), 'login → register in the section');
        t.ok(hrefs(login.body).includes(at('/client-forgot-password')), 'login → forgot in the section');
        t.equal(headerLogin(login.body), at('/client-login'), "the header's login link: the section's");

        const register = await get(at('/client-register'));
        t.equal(register.statusCode, 200, 'register');
        brand(register.body, 'register');
        t.ok(hrefs(register.body).includes(at('/client-login')), 'register → login in the section');

        const forgot = await get(at('/client-forgot-password'));
        t.equal(forgot.statusCode, 200, 'forgot');
        brand(forgot.body, 'forgot');
        t.ok(hrefs(forgot.body).includes(at('/client-login')), 'forgot → login in the section');

        const reset = await get(at(`/client-reset-password/${TOKEN}`));
        t.equal(reset.statusCode, 200, 'reset');
        brand(reset.body, 'reset');
        t.ok(hrefs(reset.body).includes(at('/client-forgot-password')), 'reset → forgot in the section');

        // The profile, to a visitor: this section's login, and back.
        const profilePath = at('/profile');
        const profile = await get(profilePath);
        t.equal(profile.statusCode, 302, 'profile: a visitor is sent to log in');
        const target = `${at('/client-login')}?redirect=${encodeURIComponent(profilePath)}`;
        t.equal(profile.headers.location, target, "to the section's login, with the path to come back to");
        const sent = await get(target);
        t.equal(sent.statusCode, 200, 'which opens');
        brand(sent.body, 'login from the profile');
        t.match(textOf(sent.body), 'Please log in to continue: you will come back to the page you were on.', 'saying why');
        const back = `?redirect=${encodeURIComponent(profilePath)}`;
        t.ok(hrefs(sent.body).includes(at('/client-register') + back), '"Register for free" stays in the section and keeps the way back');

        // A logged-in client.
        for (const page of ['/favorites', '/profile']) {
          const res = await get(at(page), token);
          t.equal(res.statusCode, 200, `${page}: a client sees it`);
          brand(res.body, page);
          t.equal(res.headers['cache-control'], 'private, no-store');
        }
        for (const page of ['/client-login', '/client-register', '/client-forgot-password', `/client-reset-password/${TOKEN}`]) {
          const res = await get(at(page), token);
          t.equal(res.statusCode, 302, `${page}: a client is sent …`);
          t.equal(res.headers.location, s.home, "… to the section's home");
        }
      });
    }

    t.test("the main site keeps /login, in the main brand, with /old's other account pages", async (t) => {
      const login = await app.inject('/login?redirect=%2Fold%2Fprofile');
      t.equal(login.statusCode, 200);
      t.equal(stateOf(login.body).state.partner, null);
      t.ok(hrefs(login.body).includes('/old/client-register?redirect=%2Fold%2Fprofile'));
      t.ok(hrefs(login.body).includes('/old/client-forgot-password'));
      t.equal(headerLogin((await app.inject('/contact')).body), '/login', "the main site's header: /login");
      // The main site has no account pages of its own besides /login.
      for (const page of ['/client-register', '/profile'])
        t.equal((await app.inject(page)).statusCode, 404, `${page}: not the main site's`);
    });

    t.test("the partner's login from another partner's path is not this partner's", async (t) => {
      const res = await app.inject('/sol-homes/profile');
      t.equal(res.headers.location, '/sol-homes/client-login?redirect=%2Fsol-homes%2Fprofile');
      const unknown = await app.inject('/nobody-here/profile');
      t.equal(unknown.statusCode, 404, 'an unknown partner: not found, no login');
    });
  },
  { seed: true },
);
