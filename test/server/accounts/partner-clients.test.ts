// Partners own their visitors (issue 10): a client who registers on a partner's
// site, by its own domain or under /{partner} (the page sends its slug as
// `partner`), is that partner's client; the first partner stays, whatever the
// client does later elsewhere, and the client can neither see a way to change
// it nor change it through the profile. Reset mails go out in that partner's
// name and colours, linking to its own site, where the link opens the reset
// page in its brand; read back from the mails as sent.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import { forEachStore, type TapTest } from '../../helpers/db.ts';
import { stateOf, layoutOf, textOf } from '../../helpers/html.ts';
import type { Store } from '../../../src/server/store/db.ts';
import type { MemoryTransport } from '../leads/helpers.ts';
import { accountsApp, bearer, PASSWORD, post, registerBody, registered } from './helpers.ts';

const SITE_URL = 'https://spainnewhomes.example:8443';
const NEW_PASSWORD = 'sunny terrace in altea';

async function partnerIds(store: Store): Promise<Record<string, number>> {
  const rows = await store.db.selectFrom('partners').select(['id', 'slug']).execute();
  return Object.fromEntries(rows.map((r) => [r.slug, r.id]));
}

async function storedPartner(store: Store, email: string): Promise<number | null> {
  const row = await store.db.selectFrom('clients').select('partner_id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.partner_id === null ? null : Number(row.partner_id);
}

const me = async (app: FastifyInstance, token: string) => (await app.inject({ url: '/api/client', headers: bearer(token) })).json().data;

forEachStore(
  t,
  "registration credits the partner of the site: by its own domain, by its /{partner} page's slug, else nobody",
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const ids = await partnerIds(store);

    const byDomain = await post(app, '/api/client-register', registerBody('domain@example.com'), { host: 'costa-casas.localhost:3000' });
    t.equal(byDomain.statusCode, 201, byDomain.body);
    t.equal(byDomain.json().data.partner_id, ids['costa-casas'], "on the partner's own domain, without a slug in the body");
    t.equal(await storedPartner(store, 'domain@example.com'), ids['costa-casas'], 'and stored so');

    const byPath = await post(app, '/api/client-register', registerBody('path@example.com', { partner: 'sol-homes' }));
    t.equal(byPath.json().data.partner_id, ids['sol-homes'], 'from /sol-homes/client-register: the page sends its slug');
    t.equal(await storedPartner(store, 'path@example.com'), ids['sol-homes']);

    const www = await post(app, '/api/client-register', registerBody('www@example.com'), { host: 'www.sol-homes.localhost' });
    t.equal(www.json().data.partner_id, ids['sol-homes'], 'www. of its domain too');

    const main = await post(app, '/api/client-register', registerBody('main@example.com'));
    t.equal(main.json().data.partner_id, null, 'on the main site: the main office’s client');
  },
  { seed: true },
);

forEachStore(
  t,
  'the first partner wins: registering again, logging in elsewhere or sending partner_id to the profile changes nothing',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    const ids = await partnerIds(store);
    const token = await registered(app, 'ana@example.com', { partner: 'costa-casas' });
    t.equal((await me(app, token)).partner_id, ids['costa-casas']);

    // The owner "registers" again on another partner's site: a login, the partner kept.
    const again = await post(app, '/api/client-register', registerBody('ana@example.com', { partner: 'sol-homes' }), {
      host: 'sol-homes.localhost',
    });
    t.equal(again.statusCode, 201);
    t.equal(again.json().data.partner_id, ids['costa-casas'], 'registering again elsewhere: still the first partner');
    // Someone else tries the same email on another site: nothing changes, the owner is told (in the first partner's name).
    const other = await post(app, '/api/client-register', {
      ...registerBody('ana@example.com', { partner: 'sol-homes' }),
      password: 'another long passphrase',
      password_repeat: 'another long passphrase',
    });
    t.equal(other.statusCode, 201, 'answered like a new account');
    await transport.waitFor(1);
    t.same(
      transport.sent[0]!.message.from,
      { name: 'Costa Casas Inmobiliaria', address: 'no-reply@spainnewhomes.example' },
      "the owner's mail comes from the first partner",
    );
    t.match(
      String(transport.sent[0]!.message.text),
      'http://costa-casas.localhost:3000/client-forgot-password',
      "and links to the first partner's site",
    );

    for (const host of ['sol-homes.localhost', 'localhost']) {
      const login = await post(app, '/api/client-login', { email: 'ana@example.com', password: PASSWORD }, { host });
      t.equal(login.statusCode, 200);
      t.equal(login.json().data.partner_id, ids['costa-casas'], `logging in on ${host}: still the first partner`);
    }

    for (const body of [
      { partner_id: ids['sol-homes'] },
      { partner_id: null },
      { partner: 'sol-homes' },
      { name: 'Ana', partner_id: ids['sol-homes'] },
    ]) {
      const res = await post(app, '/api/profilesubmit', body, bearer(token));
      t.equal(res.statusCode, 400, `the profile refuses ${JSON.stringify(body)}`);
    }
    t.equal(await storedPartner(store, 'ana@example.com'), ids['costa-casas'], 'stored: still the first partner');
    t.equal((await me(app, token)).name, null, 'and a refused body changed nothing else');

    // A main-site client stays the main office's, wherever they go next.
    await registered(app, 'main@example.com');
    await post(app, '/api/client-register', registerBody('main@example.com'), { host: 'costa-casas.localhost' });
    await post(app, '/api/client-login', { email: 'main@example.com', password: PASSWORD }, { host: 'costa-casas.localhost' });
    t.equal(await storedPartner(store, 'main@example.com'), null, 'the main site was first: it stays');
  },
  { seed: true },
);

/** The `count`th mail sent, and its link. */
async function mailAndLink(transport: MemoryTransport, count: number): Promise<{ mail: SendMailOptions; link: URL }> {
  await transport.waitFor(count);
  const mail = transport.sent[count - 1]!.message;
  const link = /https?:\/\/\S+/.exec(String(mail.text))?.[0];
  if (!link) throw new Error(`no link in ${String(mail.text)}`);
  return { mail, link: new URL(link) };
}

/** Follows a reset link as a browser would: its path on its host. */
async function openLink(app: FastifyInstance, link: URL) {
  return app.inject({ url: link.pathname, headers: { host: link.host } });
}

async function resetThrough(t: TapTest, app: FastifyInstance, link: URL, email: string): Promise<void> {
  const token = link.pathname.split('/').pop()!;
  const done = await post(
    app,
    '/api/client-reset-password',
    { token, password: NEW_PASSWORD, password_repeat: NEW_PASSWORD },
    { host: link.host },
  );
  t.equal(done.statusCode, 200, done.body);
  t.equal((await post(app, '/api/client-login', { email, password: NEW_PASSWORD })).statusCode, 200, 'the new password works');
}

forEachStore(
  t,
  "reset mails in each section: the partner's domain, or its /{slug} on the main site, in its brand; the main site's under /old",
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store, { SITE_URL });
    // Sol Homes has no domain of its own here, and a logo.
    await store.db
      .updateTable('partners')
      .set({ domain: null, logo: '/media/partners/sol-homes.svg' })
      .where('slug', '=', 'sol-homes')
      .execute();
    const byDomain = await post(app, '/api/client-register', registerBody('dom@example.com'), { host: 'costa-casas.localhost' });
    t.equal(byDomain.statusCode, 201);
    await registered(app, 'slug@example.com', { partner: 'sol-homes' });
    await registered(app, 'main@example.com');
    const forgot = (email: string, host?: string) => post(app, '/api/client-forgot-password', { email }, host ? { host } : {});

    // Asked for on another site: the link still goes to the client's own partner.
    await forgot('dom@example.com', 'sol-homes.localhost');
    const dom = await mailAndLink(transport, 1);
    t.equal(dom.link.origin, 'https://costa-casas.localhost:8443', "the partner's domain, with the configured scheme and port");
    t.match(dom.link.pathname, /^\/client-reset-password\/[A-Za-z0-9_-]{43}$/, 'at the root of its domain, where its site is');
    t.same(dom.mail.from, { name: 'Costa Casas Inmobiliaria', address: 'no-reply@spainnewhomes.example' }, "sent in the partner's name");
    t.match(String(dom.mail.text), 'your account on Costa Casas Inmobiliaria', 'named in the text');
    const domHtml = String(dom.mail.html);
    t.match(domHtml, 'background:#0b5d4b', "the HTML part wears the partner's primary colour");
    t.match(domHtml, 'Costa Casas Inmobiliaria', 'and its name (it has no logo)');
    t.match(domHtml, `href="${dom.link.href}"`, 'the link as a button');
    t.notMatch(domHtml, 'Spain New Homes', 'nothing of the main brand');
    const domPage = await openLink(app, dom.link);
    t.equal(domPage.statusCode, 200, 'the link opens the reset page on the partner’s domain');
    t.equal(stateOf(domPage.body).state.partner?.slug, 'costa-casas');
    t.equal(layoutOf(domPage.body), 'partner', "in the partner's layout");
    t.match(domPage.body, /href="\/client-forgot-password"/, "asking again stays on the partner's site");
    await resetThrough(t, app, dom.link, 'dom@example.com');

    await forgot('slug@example.com');
    const slug = await mailAndLink(transport, 2);
    t.equal(slug.link.origin, SITE_URL, 'a partner without a domain: the main site’s address …');
    t.match(slug.link.pathname, /^\/sol-homes\/client-reset-password\/[A-Za-z0-9_-]{43}$/, '… and its slug');
    t.same(slug.mail.from, { name: 'Sol Homes Makelaardij', address: 'no-reply@spainnewhomes.example' });
    t.match(String(slug.mail.html), 'background:#8a1538');
    t.match(
      String(slug.mail.html),
      `<img src="${SITE_URL}/media/partners/sol-homes.png" alt="Sol Homes Makelaardij"`,
      'its logo, by an absolute address, as the PNG mail clients show',
    );
    const slugPage = await openLink(app, slug.link);
    t.equal(slugPage.statusCode, 200);
    t.equal(stateOf(slugPage.body).state.partner?.slug, 'sol-homes', "the reset page in the partner's section");
    t.match(slugPage.body, /href="\/sol-homes\/client-forgot-password"/);
    await resetThrough(t, app, slug.link, 'slug@example.com');

    await forgot('main@example.com', 'costa-casas.localhost');
    const main = await mailAndLink(transport, 3);
    t.equal(main.link.origin, SITE_URL, 'a main-site client: the main site, whatever the host asked from');
    t.match(main.link.pathname, /^\/old\/client-reset-password\/[A-Za-z0-9_-]{43}$/);
    t.same(main.mail.from, { name: 'Spain New Homes', address: 'no-reply@spainnewhomes.example' });
    t.match(String(main.mail.html), 'Spain New Homes');
    const mainPage = await openLink(app, main.link);
    t.equal(mainPage.statusCode, 200);
    t.equal(stateOf(mainPage.body).state.partner, null, 'the main brand');
    t.match(textOf(mainPage.body), 'Spain New Homes');
    await resetThrough(t, app, main.link, 'main@example.com');
  },
  { seed: true },
);
