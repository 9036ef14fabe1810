// Account mails in the language they were asked for in (issue 24): a registration
// and a password reset from /de/ are German, their links under /de/, the reset
// link working; the account keeps the language it registered, logged in or
// saved its profile in; the English mails stay as they were. Both stores.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { accountsApp, bearer, PASSWORD, post, registerBody } from './helpers.ts';

const SITE_URL = 'https://www.spainnewhomes.example';
const NEW_PASSWORD = 'sunny terrace in altea';

forEachStore(
  t,
  'a registration from /de/ keeps German; a decoy and a reset asked for from /de/ are mailed in German',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store, { SITE_URL });
    const languageOf = async (email: string) =>
      (await store.db.selectFrom('clients').select('language').where('email', '=', email).executeTakeFirstOrThrow()).language;

    t.equal((await post(app, '/de/api/client-register', registerBody('lena@example.com'))).statusCode, 201);
    t.equal(await languageOf('lena@example.com'), 'de', 'registered from a German page');
    t.equal((await post(app, '/api/client-register', registerBody('john@example.com'))).statusCode, 201);
    t.equal(await languageOf('john@example.com'), 'en');

    // Someone registers John's address again from a German page: the notice answers that attempt.
    const decoy = await post(
      app,
      '/de/api/client-register',
      registerBody('john@example.com', { password: 'another fine password', password_repeat: 'another fine password' }),
    );
    t.equal(decoy.statusCode, 201);
    await transport.waitFor(1);
    const notice = transport.sent[0]!.message;
    t.equal(notice.subject, 'Jemand hat versucht, sich mit Ihrer E-Mail-Adresse zu registrieren');
    t.match(String(notice.text), /^Guten Tag,/);
    t.match(String(notice.text), `${SITE_URL}/de/old/client-forgot-password`, 'the link under /de/, before the section');
    t.match(String(notice.html), '<html lang="de">');
    t.equal(await languageOf('john@example.com'), 'en', "a stranger's attempt does not change the account's language");

    t.equal((await post(app, '/de/api/client-forgot-password', { email: 'john@example.com' })).statusCode, 200);
    await transport.waitFor(2);
    const reset = transport.sent[1]!.message;
    t.equal(reset.subject, 'Passwort zurücksetzen');
    t.match(
      String(reset.text),
      'jemand (hoffentlich Sie) hat das Zurücksetzen des Passworts für Ihr Konto bei Spain New Homes angefordert',
    );
    t.match(String(reset.html), '<html lang="de">');
    t.match(
      String(reset.html),
      `<a href="${SITE_URL}/de" style="color:#555555">Spain New Homes</a>`,
      'the footer links to the German home',
    );
    const link = new URL(/https?:\/\/\S+/.exec(String(reset.text))![0]);
    t.equal(link.origin, SITE_URL);
    t.match(link.pathname, /^\/de\/old\/client-reset-password\/[A-Za-z0-9_-]{43}$/);
    const page = await app.inject({ url: link.pathname });
    t.equal(page.statusCode, 200, 'the German reset page');
    t.match(page.body, '<html lang="de"');
    const token = link.pathname.split('/').pop()!;
    const done = await post(app, '/de/api/client-reset-password', { token, password: NEW_PASSWORD, password_repeat: NEW_PASSWORD });
    t.equal(done.statusCode, 200, 'and the link sets the password');

    t.equal((await post(app, '/api/client-forgot-password', { email: 'lena@example.com' })).statusCode, 200);
    await transport.waitFor(3);
    const english = transport.sent[2]!.message;
    t.equal(english.subject, 'Reset your password', 'asked for in English: English, whatever the account registered in');
    t.match(String(english.text), new RegExp(`${SITE_URL}/old/client-reset-password/[A-Za-z0-9_-]{43}`));
    t.match(String(english.html), '<html lang="en">');
  },
  { seed: true },
);

forEachStore(
  t,
  "a login and a profile change make their pages' language the account's",
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const languageOf = async () => (await store.db.selectFrom('clients').select('language').executeTakeFirstOrThrow()).language;
    t.equal((await post(app, '/api/client-register', registerBody('ana@example.com'))).statusCode, 201);
    t.equal(await languageOf(), 'en');

    const login = await post(app, '/nl/api/client-login', { email: 'ana@example.com', password: PASSWORD });
    t.equal(login.statusCode, 200);
    t.equal(await languageOf(), 'nl', 'logged in from a Dutch page');
    t.equal((await post(app, '/api/client-login', { email: 'ana@example.com', password: 'wrong password here' })).statusCode, 401);
    t.equal(await languageOf(), 'nl', 'a failed login changes nothing');

    const token = login.json().meta.token as string;
    const profile = await post(app, '/fr/api/profilesubmit', { name: 'Ana' }, bearer(token));
    t.equal(profile.statusCode, 200);
    t.equal(await languageOf(), 'fr', 'the profile saved from a French page');
  },
  { seed: true },
);
