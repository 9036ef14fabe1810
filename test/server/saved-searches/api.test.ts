// POST /api/saved-searches and what follows it: the confirmation mail, the
// confirm link, the manage page's read and changes, limits, expiry with an
// injected clock, and forgetting an emptied address.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../../src/server/store/db.ts';
import { mintToken } from '../../../src/server/services/saved-searches/links.ts';
import { forEachStore } from '../../helpers/db.ts';
import { PASSWORD, accountsApp, bearer, post, registered, withCookie } from '../accounts/helpers.ts';
import { stateOf, textOf } from '../../helpers/html.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import { SavedSearchService } from '../../../src/server/services/saved-searches/index.ts';
import { SEARCH, confirmed, linkToken, mailText, save, saveBody } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
/** A manage link of `email`'s address, as a mail to it would carry. */
async function manageLinkOf(store: Store, email: string): Promise<string> {
  const { id } = await store.db.selectFrom('saved_search_addresses').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return mintToken(store.db, 'manage', id, null, new Date());
}
const manageRead = (app: FastifyInstance, token: string) => app.inject({ url: `/api/saved-searches/manage?token=${token}` });
const later = (days: number) => () => new Date(Date.now() + days * DAY);

forEachStore(
  t,
  'a visitor saves a search: 201, one confirmation mail, and nothing active until the link is opened',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    const res = await save(app);
    t.equal(res.statusCode, 201);
    t.same(res.json(), { data: { status: 'pending' } });
    t.match(res.headers['cache-control'], /no-store/);

    const text = await mailText(transport, 1);
    const mail = transport.sent[0]!.message;
    t.equal(mail.to, 'buyer@example.com', 'to the address, lower-cased');
    t.match(String(mail.subject), /Confirm your search alert on Spain New Homes/);
    t.match(text, /Apartment, Penthouse in Torrevieja, 2\+ bedrooms, up to € 300\.000/, 'the search in words');
    t.match(text, /Once a day/);
    t.match(text, /http:\/\/localhost:3000\/saved-searches\/confirm\/[A-Za-z0-9_-]{43}/, 'the link on the main site');
    t.match(String(mail.html), /saved-searches\/confirm\//, 'an HTML part with the link');
    const manageLink = linkToken(text, 'manage');
    t.match(String(mail.html), new RegExp(`<a href="http://localhost:3000/saved-searches/manage/${manageLink}"`), 'linked in HTML too');
    t.match(
      (await app.inject({ url: `/api/saved-searches/manage?token=${manageLink}` })).json().data,
      { email: 'buyer@example.com', searches: [{ status: 'pending' }] },
      "and a link to the address's manage page, before confirming too",
    );
    const row = await store.db.selectFrom('saved_searches').selectAll().executeTakeFirstOrThrow();
    t.equal(row.status, 'pending');
    t.equal(row.search, SEARCH, 'kept in its canonical form');
    t.equal(
      (await store.db.selectFrom('saved_search_tokens').select('token_hash').executeTakeFirstOrThrow()).token_hash.length,
      64,
      'only a hash of the token',
    );

    const manage = await confirmed(app, linkToken(text, 'confirm'));
    t.equal(
      (await store.db.selectFrom('saved_searches').select('status').executeTakeFirstOrThrow()).status,
      'active',
      'the link starts it',
    );
    const list = await app.inject({ url: `/api/saved-searches/manage?token=${manage}` });
    t.equal(list.statusCode, 200);
    t.match(list.json().data, {
      email: 'buyer@example.com',
      searches: [{ frequency: 'daily', status: 'active', href: `http://localhost:3000${SEARCH}`, site: 'Spain New Homes' }],
    });
    t.match(list.headers['cache-control'], /private, no-store/);
    t.ok(await confirmed(app, linkToken(text, 'confirm')), 'a second click still leads to the manage page');
    t.equal(transport.sent.length, 1, 'no other mail');

    const bad = await app.inject({ url: `/saved-searches/confirm/${'x'.repeat(43)}` });
    t.equal(bad.statusCode, 303);
    t.equal((await app.inject({ url: String(bad.headers.location) })).statusCode, 404, 'an unknown link: the page says so');
  },
  { seed: true },
);

forEachStore(
  t,
  'a bad body is a 400 naming the field',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const message = async (body: Record<string, unknown>) => {
      const res = await save(app, body);
      t.equal(res.statusCode, 400, JSON.stringify(body));
      return String(res.json().message);
    };
    t.match(await message({ search: SEARCH, frequency: 'daily' }), /^email is required/);
    t.match(await message(saveBody({ email: 'not an address' })), /^email: /);
    t.match(await message(saveBody({ search: 'https://elsewhere.example/search' })), /^search: /);
    t.match(await message(saveBody({ search: '/search/atlantis' })), /^search: /, 'a place that is not in the catalogue');
    t.match(await message(saveBody({ frequency: 'hourly' })), /^frequency: /);
    t.match(await message(saveBody({ partner: 'Not A Slug' })), /^partner: /);
    const nobody = await save(app, saveBody({ partner: 'no-such-partner' }));
    t.equal(nobody.statusCode, 400, 'a well-formed slug of no partner');
    t.match(
      nobody.json(),
      { field: 'partner', fieldMessage: 'must be a partner slug', message: 'partner: must be a partner slug' },
      'names the field for code too',
    );
    t.equal(await store.db.selectFrom('saved_searches').select('id').executeTakeFirst(), undefined, 'nothing saved');
    const manage = await app.inject({
      method: 'POST',
      url: '/api/saved-searches/change',
      payload: { action: 'frequency', token: 'x'.repeat(43), id: 1 },
    });
    t.equal(manage.statusCode, 400);
    t.match(manage.json().message, /^frequency is required/);
  },
  { seed: true },
);

forEachStore(
  t,
  'saves are limited per client address and per email',
  async (t, store) => {
    const { app } = await accountsApp(t, store, { LEAD_RATE_LIMIT: '2' });
    t.equal((await save(app, saveBody({ email: 'a@example.com' }), {}, '10.0.0.1')).statusCode, 201);
    t.equal((await save(app, saveBody({ email: 'b@example.com' }), {}, '10.0.0.1')).statusCode, 201);
    const third = await save(app, saveBody({ email: 'c@example.com' }), {}, '10.0.0.1');
    t.equal(third.statusCode, 429, 'the third from one address in a minute');
    t.ok(Number(third.headers['retry-after']) > 0);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await save(app, saveBody({ email: 'target@example.com' }), {}, `10.1.0.${i}`)).statusCode);
    t.same(codes, [201, 201, 201, 201, 201, 429], 'the sixth mail to one address in an hour, from anywhere');
  },
  { seed: true },
);

forEachStore(
  t,
  'an unconfirmed request is forgotten after 7 days, an emptied address 30 days after its last search',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    await save(app, saveBody({ email: 'late@example.com' }));
    await save(app, saveBody({ email: 'kept@example.com' }));
    const confirmLink = linkToken(await mailText(transport, 2), 'confirm');
    const kept = transport.sent.find((m) => m.message.to === 'kept@example.com')!;
    const manage = await confirmed(app, linkToken(String(kept.message.text), 'confirm'));

    const at = (days: number) => new SavedSearchService(store.db, { siteUrl: 'http://localhost:3000', now: later(days) });
    t.same(await at(6).prune(), { searches: 0, tokens: 0, addresses: 0 }, 'six days on, nothing yet');
    t.match(await at(8).prune(), { searches: 1, addresses: 1 }, 'eight days on: the unconfirmed search and its address');
    t.same(
      (await store.db.selectFrom('saved_search_addresses').select('email').execute()).map((r) => r.email),
      ['kept@example.com'],
    );
    t.equal(await at(8).confirm(confirmLink), null, 'its link does nothing any more');

    const del = await app.inject({ method: 'POST', url: '/api/saved-searches/change', payload: { token: manage, action: 'delete-all' } });
    t.equal(del.statusCode, 200);
    t.same(del.json().data.searches, []);
    t.match(await at(29).prune(), { addresses: 0 }, 'kept 29 days after its last search');
    t.match(await at(31).prune(), { addresses: 1 }, 'forgotten after 30');
    t.equal(await store.db.selectFrom('saved_search_addresses').select('id').executeTakeFirst(), undefined);
  },
  { seed: true },
);

forEachStore(
  t,
  'the manage link changes the frequency, deletes one or all; a logged-in client saves at once and manages on the profile',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    await save(app);
    await save(app, saveBody({ search: '/search/spain?bedrooms=3', frequency: 'weekly' }));
    await transport.waitFor(2);
    const manage = await confirmed(app, linkToken(String(transport.sent[0]!.message.text), 'confirm'));
    await confirmed(app, linkToken(String(transport.sent[1]!.message.text), 'confirm'));
    const change = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/saved-searches/change', payload: { token: manage, ...payload } });
    const [first, second] = (await app.inject({ url: `/api/saved-searches/manage?token=${manage}` })).json().data.searches;
    t.equal((await change({ action: 'frequency', id: first.id, frequency: 'instant' })).json().data.searches[0].frequency, 'instant');
    t.equal((await change({ action: 'delete', id: 999999 })).statusCode, 400, 'a search of no one, or of another address');
    t.same(
      (await change({ action: 'delete', id: first.id })).json().data.searches.map((s: { id: number }) => s.id),
      [second.id],
    );

    const token = await registered(app, 'client@example.com');
    const mine = await save(app, saveBody({ email: undefined }), bearer(token));
    t.equal(mine.statusCode, 201);
    t.same(mine.json(), { data: { status: 'active' } }, 'active at once');
    t.equal(transport.sent.length, 2, 'no confirmation mail for an account');
    const list = await app.inject({ url: '/api/saved-searches/mine', headers: bearer(token) });
    t.match(list.json().data, { email: 'client@example.com', searches: [{ status: 'active', frequency: 'daily' }] });
    const id = list.json().data.searches[0].id;
    const weekly = await app.inject({
      method: 'POST',
      url: '/api/saved-searches/change',
      headers: bearer(token),
      payload: { action: 'frequency', id, frequency: 'weekly' },
    });
    t.equal(weekly.json().data.searches[0].frequency, 'weekly');
    t.equal(
      (
        await app.inject({
          method: 'POST',
          url: '/api/saved-searches/change',
          headers: bearer(token),
          payload: { action: 'delete', id: second.id },
        })
      ).statusCode,
      400,
      "not another address's search",
    );
    t.equal((await app.inject({ url: '/api/saved-searches/mine' })).statusCode, 401);

    // The profile as sent lists them (it said "no saved searches yet" until the browser asked: issue 23).
    const profile = await app.inject({ url: '/old/profile', headers: withCookie(token) });
    t.equal(profile.statusCode, 200);
    const text = textOf(profile.body);
    t.match(text, en.savedSearches.profile.lead, 'the lead of a list');
    t.notMatch(text, en.savedSearches.profile.none.slice(0, 30), 'not "none"');
    t.ok(stateOf(profile.body).data['/api/saved-searches/mine'], 'the list in the page’s state');
    t.match(profile.body, /class="saved-search__item"/, 'each search in the page');
    const fresh = await registered(app, 'new@example.com');
    t.match(
      textOf((await app.inject({ url: '/old/profile', headers: withCookie(fresh) })).body),
      en.savedSearches.profile.none.slice(0, 30),
      'none: said so',
    );
  },
  { seed: true },
);

forEachStore(
  t,
  "on a partner's domain and path: the mail in its brand, the link on its site",
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    t.equal((await save(app, saveBody(), { host: 'costa-casas.localhost' })).statusCode, 201);
    await app.services.partners.update('sol-homes', { domain: null });
    t.equal((await save(app, saveBody({ partner: 'sol-homes', email: 'two@example.com' }))).statusCode, 201);
    await transport.waitFor(2);
    const [onDomain, onPath] = [transport.sent[0]!.message, transport.sent[1]!.message];
    t.match(onDomain.from, { name: 'Costa Casas Inmobiliaria' });
    t.match(String(onDomain.subject), /on Costa Casas/);
    t.match(String(onDomain.text), /http:\/\/costa-casas\.localhost:3000\/saved-searches\/confirm\//);
    t.match(String(onPath.text), /http:\/\/localhost:3000\/sol-homes\/saved-searches\/confirm\//);
    const manage = await confirmed(app, linkToken(String(onDomain.text), 'confirm'), 'costa-casas.localhost');
    const list = (await app.inject({ url: `/api/saved-searches/manage?token=${manage}` })).json().data.searches;
    t.match(list, [{ site: 'Costa Casas Inmobiliaria', href: `http://costa-casas.localhost:3000${SEARCH}` }]);
  },
  { seed: true },
);

forEachStore(
  t,
  "a client who changes their email takes their saved searches along; the old address's links stop working",
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    const token = await registered(app, 'old@example.com');
    t.equal((await save(app, saveBody({ email: undefined }), bearer(token))).statusCode, 201);
    // The new address already had a search of its own, saved without an account.
    await save(app, saveBody({ email: 'new@example.com', search: '/search/spain?bedrooms=3' }));
    const manageNew = await confirmed(app, linkToken(await mailText(transport, 1), 'confirm'));
    const before = (await app.inject({ url: '/api/saved-searches/mine', headers: bearer(token) })).json().data;
    t.equal(before.searches.length, 1);
    const theirs = (await app.inject({ url: `/api/saved-searches/manage?token=${manageNew}` })).json().data.searches;
    const oldManage = await manageLinkOf(store, 'old@example.com');
    t.equal((await manageRead(app, oldManage)).statusCode, 200, "the old address's link works before the change");

    const changed = await post(app, '/api/profilesubmit', { email: 'New@Example.com', current_password: PASSWORD }, bearer(token));
    t.equal(changed.statusCode, 200);
    const after = (await app.inject({ url: '/api/saved-searches/mine', headers: bearer(token) })).json().data;
    t.equal(after.email, 'new@example.com');
    t.same(
      after.searches.map((s: { id: number }) => s.id).sort(),
      [...before.searches, ...theirs].map((s: { id: number }) => s.id).sort(),
      'both searches, at the new address',
    );
    t.equal(
      (await app.inject({ url: `/api/saved-searches/manage?token=${manageNew}` })).json().data.searches.length,
      2,
      "the new address's own link manages both",
    );
    const oldRows = await store.db.selectFrom('saved_search_addresses').select('id').where('email', '=', 'old@example.com').execute();
    t.same(oldRows, [], 'the old address is gone');
    t.equal((await manageRead(app, oldManage)).statusCode, 404, 'and its link with it');
  },
  { seed: true },
);

forEachStore(
  t,
  'an email change to an address that has no searches renames the address',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const token = await registered(app, 'old@example.com');
    await save(app, saveBody({ email: undefined }), bearer(token));
    const { id } = await store.db
      .selectFrom('saved_search_addresses')
      .select('id')
      .where('email', '=', 'old@example.com')
      .executeTakeFirstOrThrow();
    const oldManage = await manageLinkOf(store, 'old@example.com');
    t.equal(
      (await post(app, '/api/profilesubmit', { email: 'fresh@example.com', current_password: PASSWORD }, bearer(token))).statusCode,
      200,
    );
    const row = await store.db.selectFrom('saved_search_addresses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    t.equal(row.email, 'fresh@example.com');
    t.equal((await app.inject({ url: '/api/saved-searches/mine', headers: bearer(token) })).json().data.searches.length, 1);
    t.equal((await manageRead(app, oldManage)).statusCode, 404, 'a link mailed to the old address no longer works');
  },
  { seed: true },
);
