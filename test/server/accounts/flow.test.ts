// The account calls end to end on each store: register → client → login →
// favorites → logout → the token refused, by Bearer and by cookie; the cookie's
// flags; a wrong password and an unknown email answer alike; registering an
// email that has an account looks like a registration but logs nobody in and
// mails the owner.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { accountsApp, bearer, listed, PASSWORD, post, registerBody, registered, sessionCookie, withCookie } from './helpers.ts';

forEachStore(
  t,
  'register, read the client, log in, keep favorites, log out: the token is refused afterwards',
  async (t, store) => {
    const { app, fixture } = await accountsApp(t, store);
    const [a, b, c] = listed(fixture);

    const reg = await post(app, '/api/client-register', registerBody(' Ana.Garcia@Example.com ', { favorites: [a!.id] }));
    t.equal(reg.statusCode, 201, reg.body);
    t.equal(reg.headers['cache-control'], 'private, no-store');
    const { data: user, meta } = reg.json();
    t.match(user, { email: 'ana.garcia@example.com', name: null, phone: null, scope: ['client'], partner_id: null, favorites: [a!.id] });
    t.match(meta.token, /^[A-Za-z0-9_-]{43}$/, 'a 32-byte base64url token');
    t.match(
      sessionCookie(reg),
      new RegExp(`^sid=${meta.token}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax$`),
      'the cookie: HttpOnly, Secure, SameSite=Lax, 30 days',
    );

    const stored = await store.db.selectFrom('sessions').selectAll().execute();
    t.equal(stored.length, 1);
    t.not(stored[0]!.token_hash, meta.token, 'the store keeps a hash, not the token');
    const client = await store.db.selectFrom('clients').selectAll().executeTakeFirstOrThrow();
    t.match(client.password_hash, /^\$scrypt\$ln=10,r=8,p=1\$/, 'a PHC string naming its parameters');
    t.notMatch(client.password_hash, PASSWORD);

    const me = await app.inject({ url: '/api/client', headers: bearer(meta.token) });
    t.equal(me.statusCode, 200);
    t.same(me.json(), { data: user }, 'GET /api/client by Bearer');
    t.equal(me.headers['cache-control'], 'private, no-store');
    t.same((await app.inject({ url: '/api/client', headers: withCookie(meta.token) })).json(), { data: user }, 'and by cookie');
    const anonymous = await app.inject({ url: '/api/client' });
    t.equal(anonymous.statusCode, 401, 'anonymous: 401');

    // A second login (another device), with favorites hearted there while anonymous.
    const login = await post(app, '/api/client-login', {
      email: 'ANA.GARCIA@example.com',
      password: PASSWORD,
      favorites: [b!.id, a!.id, 999_999],
    });
    t.equal(login.statusCode, 200, login.body);
    const other = login.json().meta.token as string;
    t.not(other, meta.token, 'a new session');
    t.same(login.json().data.favorites.sort(), [a!.id, b!.id].sort(), 'merged; an id that is no project skipped');
    t.ok(sessionCookie(login), 'login sets the cookie too');

    const fav = (payload: unknown, token = other) => post(app, '/api/favoritesubmit', payload, bearer(token));
    t.same((await fav({ id: c!.id, action: 'add' })).json().data.favorites.sort(), [a!.id, b!.id, c!.id].sort(), 'add');
    t.same((await fav({ id: c!.id, action: 'add' })).json().data.favorites.length, 3, 'adding twice is harmless');
    t.same((await fav({ id: a!.id, action: 'remove' })).json().data.favorites.sort(), [b!.id, c!.id].sort(), 'remove');
    t.same((await fav({ ids: [a!.id, c!.id], action: 'merge' })).json().data.favorites.sort(), [a!.id, b!.id, c!.id].sort(), 'merge');
    const unknown = await fav({ id: 999_999, action: 'add' });
    t.equal(unknown.statusCode, 400);
    t.match(unknown.json().message, /^id: /, 'an unknown project is refused naming id');
    const withdrawn = fixture.projects.find((p) => p.withdrawn)!;
    t.equal((await fav({ id: withdrawn.id, action: 'add' })).statusCode, 400, 'a withdrawn project cannot be added');
    t.equal((await post(app, '/api/favoritesubmit', { id: a!.id, action: 'add' })).statusCode, 401, 'anonymous: 401');

    const cards = await app.inject({ url: '/api/favorites', headers: withCookie(meta.token) });
    t.equal(cards.statusCode, 200);
    t.equal(cards.headers['cache-control'], 'private, no-store');
    t.same(
      cards
        .json()
        .data.map((p: { id: number }) => p.id)
        .sort(),
      [a!.id, b!.id, c!.id].sort(),
      'the favorites page reads the cards',
    );
    t.match(cards.json().data[0], { id: Number, name: String, location: { town: { name: String } } }, 'as search cards');
    t.equal((await app.inject({ url: '/api/favorites' })).statusCode, 401, 'anonymous: 401');

    // Logout revokes the token on the server: replaying it is refused, by Bearer and by cookie.
    const out = await post(app, '/api/client-logout', undefined, bearer(meta.token));
    t.equal(out.statusCode, 200, out.body);
    t.match(sessionCookie(out), /^sid=; Max-Age=0;|^sid=; Expires=Thu, 01 Jan 1970/, 'the cookie is cleared');
    t.equal((await app.inject({ url: '/api/client', headers: bearer(meta.token) })).statusCode, 401, 'the token is refused by Bearer');
    t.equal((await app.inject({ url: '/api/client', headers: withCookie(meta.token) })).statusCode, 401, 'and by cookie');
    t.equal((await fav({ id: a!.id, action: 'remove' }, meta.token)).statusCode, 401, 'and for writes');
    t.equal((await app.inject({ url: '/api/client', headers: bearer(other) })).statusCode, 200, 'the other session lives on');

    const cookieLogout = await app.inject({ method: 'POST', url: '/api/client-logout', headers: withCookie(other) });
    t.equal(cookieLogout.statusCode, 200, 'logout without a body, by cookie');
    t.equal((await app.inject({ url: '/api/client', headers: withCookie(other) })).statusCode, 401);
  },
  { seed: true },
);

forEachStore(
  t,
  'a wrong password and an unknown email answer the same 401',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    await registered(app, 'lena@example.se');
    const wrong = await post(app, '/api/client-login', { email: 'lena@example.se', password: 'not the password at all' });
    const nobody = await post(app, '/api/client-login', { email: 'nobody@example.se', password: 'not the password at all' });
    for (const res of [wrong, nobody]) {
      t.equal(res.statusCode, 401);
      t.equal(res.json().message, 'Check your credentials');
      t.notOk(sessionCookie(res), 'no cookie');
    }
    t.same(wrong.json(), nobody.json(), 'the same body');
    t.same(Object.keys(wrong.headers).sort(), Object.keys(nobody.headers).sort(), 'the same headers');
    t.equal((await store.db.selectFrom('sessions').selectAll().execute()).length, 1, 'only the registration made a session');
  },
  { seed: true },
);

forEachStore(
  t,
  'registering an email that has an account: answered like a registration, nobody logged in, the owner mailed',
  async (t, store) => {
    const { app, transport, fixture } = await accountsApp(t, store);
    const [a] = listed(fixture);
    const first = await post(app, '/api/client-register', registerBody('jan@example.nl', { favorites: [a!.id] }));
    const owner = first.json().data;
    await transport.waitFor(0);

    const again = await post(
      app,
      '/api/client-register',
      registerBody('JAN@example.nl', { password: 'another long password', password_repeat: 'another long password', favorites: [a!.id] }),
    );
    t.equal(again.statusCode, first.statusCode, 'the same status');
    t.same(Object.keys(again.json()), Object.keys(first.json()));
    const shape = (u: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(u).map(([k, v]) => [k, Array.isArray(v) ? 'array' : typeof v]));
    t.same(shape(again.json().data), shape(owner), 'a user of the same shape');
    t.same(Object.keys(again.json().data), Object.keys(owner), 'its keys in the same order');
    t.match(again.json().data, { email: 'jan@example.nl', favorites: [a!.id], scope: ['client'] });
    t.match(again.json().meta.token, /^[A-Za-z0-9_-]{43}$/);
    t.ok(sessionCookie(again), 'a cookie too');
    t.same(Object.keys(again.headers).sort(), Object.keys(first.headers).sort(), 'the same headers');

    t.equal(
      (await app.inject({ url: '/api/client', headers: bearer(again.json().meta.token) })).statusCode,
      401,
      'but its token opens nothing',
    );
    t.equal((await store.db.selectFrom('clients').selectAll().execute()).length, 1, 'no second account');
    const login = await post(app, '/api/client-login', { email: 'jan@example.nl', password: PASSWORD });
    t.equal(login.statusCode, 200, 'the owner’s password is unchanged');

    await transport.waitFor(1);
    t.equal(transport.sent.length, 1);
    const mail = transport.sent[0]!.message;
    t.equal(mail.to, 'jan@example.nl');
    t.equal(mail.subject, 'Someone tried to register with your email address');
    t.match(String(mail.text), 'http://localhost:3000/old/client-forgot-password', 'with a link to choose a new password');

    // The owner registering again with their own password is just a login.
    const own = await post(app, '/api/client-register', registerBody('jan@example.nl'));
    t.equal(own.statusCode, 201);
    t.equal(own.json().data.id, owner.id);
    t.equal((await app.inject({ url: '/api/client', headers: bearer(own.json().meta.token) })).statusCode, 200, 'a real session');
  },
  { seed: true },
);

forEachStore(
  t,
  'registration records the partner of the site: by host, then by the section’s slug',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const partners = await store.db.selectFrom('partners').select(['id', 'slug']).execute();
    const id = (slug: string) => partners.find((p) => p.slug === slug)!.id;
    const bySlug = await post(app, '/api/client-register', registerBody('a@example.com', { partner: 'sol-homes' }));
    t.equal(bySlug.json().data.partner_id, id('sol-homes'));
    const byHost = await post(app, '/api/client-register', registerBody('b@example.com', { partner: 'sol-homes' }), {
      host: 'costa-casas.localhost:3000',
    });
    t.equal(byHost.json().data.partner_id, id('costa-casas'), 'the host wins');
    const unknown = await post(app, '/api/client-register', registerBody('c@example.com', { partner: 'nobody-here' }));
    t.equal(unknown.statusCode, 201);
    t.equal(unknown.json().data.partner_id, null, 'an unknown slug: the main site');
    const bad = await post(app, '/api/client-register', registerBody('d@example.com', { partner: '../Evil' }));
    t.equal(bad.statusCode, 400);
    t.match(bad.json().message, /^partner: /);
  },
  { seed: true },
);

forEachStore(
  t,
  'the profile: name and phone freely, email and password with the current password; a new password ends the other sessions',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const token = await registered(app, 'sol@example.es');
    const other = (await post(app, '/api/client-login', { email: 'sol@example.es', password: PASSWORD })).json().meta.token;
    const profile = (body: unknown, tk = token) => post(app, '/api/profilesubmit', body, bearer(tk));

    const named = await profile({ name: ' Sol Ruiz ', phone: '+34 600 11 22 33' });
    t.equal(named.statusCode, 200, named.body);
    t.match(named.json().data, { name: 'Sol Ruiz', phone: '+34 600 11 22 33', email: 'sol@example.es' });
    t.match((await profile({ phone: '' })).json().data, { name: 'Sol Ruiz', phone: null }, "'' clears, absent keeps");

    const noCurrent = await profile({ email: 'new@example.es' });
    t.equal(noCurrent.statusCode, 400);
    t.match(noCurrent.json().message, /^current_password: /);
    const wrongCurrent = await profile({ email: 'new@example.es', current_password: 'not my password' });
    t.equal(wrongCurrent.statusCode, 400);
    t.equal(wrongCurrent.json().message, 'current_password: Check your credentials');
    t.match((await profile({ email: 'New@example.es', current_password: PASSWORD })).json().data, { email: 'new@example.es' });

    const taken = await registered(app, 'taken@example.es');
    t.ok(taken);
    t.equal((await profile({ email: 'taken@example.es', current_password: PASSWORD })).statusCode, 409, 'an email in use is refused');

    const next = 'a brand new passphrase';
    const changed = await profile({ password: next, password_repeat: next, current_password: PASSWORD });
    t.equal(changed.statusCode, 200, changed.body);
    t.equal((await app.inject({ url: '/api/client', headers: bearer(token) })).statusCode, 200, 'this session stays');
    t.equal((await app.inject({ url: '/api/client', headers: bearer(other) })).statusCode, 401, 'the other one ended');
    t.equal((await post(app, '/api/client-login', { email: 'new@example.es', password: next })).statusCode, 200, 'the new password works');
    t.equal(
      (await post(app, '/api/client-login', { email: 'new@example.es', password: PASSWORD })).statusCode,
      401,
      'the old one does not',
    );
    const common = await profile({ password: 'qwertyuiop', password_repeat: 'qwertyuiop', current_password: next });
    t.equal(common.statusCode, 400);
    t.match(common.json().message, /^password: This password is one of the most common/);
    t.equal((await post(app, '/api/profilesubmit', { name: 'x' })).statusCode, 401, 'anonymous: 401');
  },
  { seed: true },
);

forEachStore(
  t,
  'logout ends the session of the cookie too when the Bearer names another (a login in another tab replaced the cookie)',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const inMemory = await registered(app, 'tab@example.com');
    const inCookie = (await post(app, '/api/client-login', { email: 'tab@example.com', password: PASSWORD })).json().meta.token as string;

    const out = await post(app, '/api/client-logout', {}, { ...bearer(inMemory), ...withCookie(inCookie) });
    t.equal(out.statusCode, 200);
    t.match(sessionCookie(out), /^sid=;/, 'the cookie is cleared');
    t.equal((await app.inject({ url: '/api/client', headers: bearer(inMemory) })).statusCode, 401, "the Bearer's session ended");
    t.equal(
      (await app.inject({ url: '/api/client', headers: bearer(inCookie) })).statusCode,
      401,
      "and the cookie's: nobody is left logged in by it",
    );
  },
);

forEachStore(
  t,
  "only the Bearer scheme speaks for the session: another Authorization (a staging site's Basic) leaves the cookie to decide",
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const token = await registered(app, 'staging@example.com');
    const basic = { authorization: `Basic ${Buffer.from('team:secret').toString('base64')}` };
    t.equal(
      (await app.inject({ url: '/api/client', headers: { ...basic, ...withCookie(token) } })).statusCode,
      200,
      'Basic + cookie: the cookie is the session',
    );
    t.equal((await app.inject({ url: '/api/client', headers: basic })).statusCode, 401, 'Basic alone is nobody');
    t.equal(
      (await app.inject({ url: '/api/client', headers: { authorization: 'Bearer nonsense', ...withCookie(token) } })).statusCode,
      401,
      'a bad Bearer is still not swapped for the cookie',
    );
    t.equal(
      (await app.inject({ url: '/api/client', headers: { authorization: 'Bearer', ...withCookie(token) } })).statusCode,
      401,
      'an empty Bearer neither',
    );
  },
);
