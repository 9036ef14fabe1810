// Client accounts in Chromium, against a real server with a fresh store:
// register and land on / logged in; log out and land on /; the client's menu
// loads with the login; a page that needs an account sends a visitor to its
// section's login and back after logging in; a session ended elsewhere; a
// partner's own domain; 'Check your credentials' and the network message.
import t from 'tap';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { PASSWORD, MENU_TOGGLE, LOGIN_LINK, MESSAGES, accountSite } from '../helpers/account-browser.ts';
import { textOf, waitForHydration, newPage } from '../helpers/browser.ts';

t.test('client accounts in the browser', async (t) => {
  const {
    url,
    browser,
    db,
    account,
    clientId,
    visitor,
    open,
    here,
    waitForPath,
    waitForToast,
    navigate,
    fill,
    retype,
    submit,
    logIn,
    statusOf,
    buttonResult,
    openMenu,
    logOut,
  } = await accountSite(t);

  t.test('register: logged in with the toast, on /; log out: on /, logged out', async (t) => {
    const { page, problems } = await visitor(t);
    await open(page, '/search');
    t.ok(await page.$(LOGIN_LINK), 'a visitor sees the login link');
    await open(page, '/old/client-register');
    t.equal(
      await page.$eval('form.account-form--register a[href="/old/terms"]', (a) => a.firstChild?.textContent),
      'terms of use and privacy statement',
      'the terms are linked',
    );
    const terms = await fetch(`${url}/old/terms`);
    t.match(await terms.text(), /<h1>Terms of use and privacy statement<\/h1>/, 'and the terms page exists');

    await fill(page, 'register', { email: 'rosa@example.com', password: PASSWORD, password_repeat: 'another password' });
    await page.click('form.account-form--register [name=terms]');
    await submit(page, 'register');
    await page.waitForSelector('form.account-form--register [data-result=invalid]');
    t.equal(await textOf(page, '#register-password-repeat-error'), 'The passwords do not match.', 'the repeat must match');
    t.equal(await clientId('rosa@example.com').catch(() => null), null, 'nothing sent');

    await retype(page, 'form.account-form--register [name=password_repeat]', PASSWORD);
    await submit(page, 'register');
    await waitForPath(page, '/');
    await waitForToast(page, MESSAGES.authenticated);
    await page.waitForSelector(MENU_TOGGLE);
    t.equal(await here(page), '/', 'registered: on /');
    t.ok(await clientId('rosa@example.com'), 'the account exists');

    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    t.ok(await page.$(MENU_TOGGLE), 'still logged in after a reload (the session cookie)');

    await openMenu(page);
    t.ok(await page.$('body.account-menu-open'), 'while the menu is open the toasts wait behind it');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#account-menu-list[hidden]');
    t.ok(await page.$eval(MENU_TOGGLE, (b) => b === document.activeElement), 'Escape closes the menu, the focus back on its button');
    t.notOk(await page.$('body.account-menu-open'), 'and the toasts show again');
    await openMenu(page);
    await page.$eval('main', (main) => main.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
    await page.waitForSelector('#account-menu-list[hidden]');
    t.equal(await here(page), '/', 'a pointer down outside closes the menu, on the same page');

    await open(page, '/contact');
    await logOut(page);
    await waitForPath(page, '/');
    t.ok(await page.$(LOGIN_LINK), 'logged out: the login link again');
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    t.ok(await page.$(LOGIN_LINK), 'and after a reload too (the session is over)');
    t.same(problems.all(), [], 'no console error, failed request or CSP violation');
  });

  t.test("the client's menu: none of its code for a visitor, loaded on login and before a logged-in page's first render", async (t) => {
    await account('mira@example.com');
    const { page, problems } = await visitor(t);
    // The scripts the page receives that hold the menu's code (a class only it writes).
    const bodies: Array<Promise<string | null>> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js'))
        bodies.push(
          response.text().then(
            (body) => (body.includes('account-menu__logout') ? response.url() : null),
            () => null,
          ),
        );
    });
    const menuScripts = async () => (await Promise.all(bodies)).filter(Boolean);
    await open(page, '/login');
    t.same(await menuScripts(), [], "a visitor's page loads none of it");
    await logIn(page, 'mira@example.com');
    await page.waitForSelector(MENU_TOGGLE);
    t.equal((await menuScripts()).length, 1, 'logging in loads it');

    const response = await page.goto(`${url}/search`, { waitUntil: 'load' });
    t.match(await response!.text(), 'account-menu__toggle', 'the server renders the menu of a logged-in client');
    await waitForHydration(page);
    await logOut(page);
    t.pass('after hydration it opens, and logs out');
    t.same(problems.all(), [], 'no console error (no hydration mismatch)');
  });

  t.test("a page that needs an account: to its section's login and back after logging in; guest pages send a client home", async (t) => {
    await account('ines@example.com');
    const { page, problems } = await visitor(t);
    const res = await page.goto(`${url}/old/profile`, { waitUntil: 'load' });
    await waitForHydration(page);
    t.equal(await here(page), '/old/client-login?redirect=%2Fold%2Fprofile', "sent to its section's login, remembering the page");
    t.equal(res?.status(), 200);
    t.equal(await textOf(page, 'h1'), 'Log in');

    await logIn(page, 'ines@example.com');
    await waitForPath(page, '/old/profile');
    await waitForToast(page, MESSAGES.loggedIn);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Your profile');

    await navigate(page, '/old/client-login');
    await waitForPath(page, '/');
    // The main site's layout replaces /old's (its header too) before the menu is used.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-layout]')?.getAttribute('data-layout') === 'main' &&
        !document.querySelector('.progress-bar:not(.is-idle)'),
    );
    t.pass('a logged-in client who opens the login page goes to /');

    // And the same in the browser alone: a visitor on a page navigates to one that needs an account.
    await logOut(page);
    await waitForPath(page, '/');
    await navigate(page, '/costa-casas/profile');
    await waitForPath(page, '/costa-casas/client-login?redirect=%2Fcosta-casas%2Fprofile');
    await logIn(page, 'ines@example.com');
    await waitForPath(page, '/costa-casas/profile');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Your profile');
    t.equal(
      await page.$eval('form.account-form--access [name=email]', (el) => (el as HTMLInputElement).value),
      'ines@example.com',
      'the profile shows the account',
    );
    t.same(problems.all(), []);
  });

  t.test('a session ended elsewhere: the next personal page sends the client to log in again', async (t) => {
    await account('olga@example.com');
    const { page, problems } = await visitor(t, { allowFailure: (u) => new URL(u).pathname === '/api/favorites' });
    await open(page, '/login');
    await logIn(page, 'olga@example.com');
    await waitForPath(page, '/');
    await db
      .deleteFrom('sessions')
      .where('client_id', '=', await clientId('olga@example.com'))
      .execute();
    await navigate(page, '/old/favorites');
    await waitForPath(page, '/old/client-login?redirect=%2Fold%2Ffavorites');
    await page.waitForSelector(LOGIN_LINK);
    t.pass('logged out, on the login page that comes back to the favorites');
    t.same(problems.all(), []);
  });

  t.test("on a partner's own domain: its pages, registering from the login page and back to the page that asked", async (t) => {
    // Chromium resolves every *.localhost name to the loopback address.
    const own = `http://costa-casas.localhost:${new URL(url).port}`;
    const { page, problems } = await newPage(t, browser);
    await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: own });
    await page.goto(`${own}/profile`, { waitUntil: 'load' });
    await waitForHydration(page);
    t.equal(await here(page), '/client-login?redirect=%2Fprofile', 'sent to log in on the same domain');
    t.equal(await page.$eval('[data-layout]', (el) => el.getAttribute('data-layout')), 'partner', "in the partner's layout");

    await page.click('a[href="/client-register?redirect=%2Fprofile"]');
    await waitForPath(page, '/client-register?redirect=%2Fprofile');
    await fill(page, 'register', { email: 'nora@example.com', password: PASSWORD, password_repeat: PASSWORD });
    await page.click('form.account-form--register [name=terms]');
    await submit(page, 'register');
    await waitForPath(page, '/profile');
    await waitForToast(page, MESSAGES.authenticated);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Your profile');
    const costa = await db.selectFrom('partners').select('id').where('slug', '=', 'costa-casas').executeTakeFirstOrThrow();
    t.match(
      await db.selectFrom('clients').select('partner_id').where('email', '=', 'nora@example.com').executeTakeFirst(),
      { partner_id: costa.id },
      "the client is the partner's",
    );

    await openMenu(page);
    t.same(
      await page.$$eval('#account-menu-list a', (links) => links.map((a) => a.getAttribute('href'))),
      ['/favorites', '/profile'],
      "the menu's pages are the domain's own",
    );
    t.same(problems.all(), []);
  });

  t.test("a wrong password: 'Check your credentials'; the API out of reach: the network message", async (t) => {
    await account('sofia@example.com');
    const { page, problems } = await visitor(t, { allowFailure: (u) => new URL(u).pathname === '/api/client-login' });
    await open(page, '/login');
    await logIn(page, 'sofia@example.com', 'not the password at all');
    await page.waitForSelector('form.account-form--login [data-state=done]');
    t.equal(await statusOf(page, 'login'), MESSAGES.loginFailed);
    t.same(await buttonResult(page, 'login'), ['done', 'invalid'], 'the button shows the invalid icon');
    t.equal(await here(page), '/login', 'still on the login page');

    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/client-login') void request.abort('internetdisconnected');
      else void request.continue();
    });
    await retype(page, 'form.account-form--login [name=password]', PASSWORD);
    await submit(page, 'login');
    await page.waitForFunction(
      (sel: string, want: string) => document.querySelector(sel)?.textContent?.trim() === want,
      {},
      'form.account-form--login .form-status',
      MESSAGES.network,
    );
    t.equal(
      await page.$eval('form.account-form--login [name=email]', (el) => (el as HTMLInputElement).value),
      'sofia@example.com',
      'what was typed is kept',
    );
    t.ok(await page.$(LOGIN_LINK), 'not logged in');
    t.same(problems.all(), []);
  });
});
