// Lead mails a broker can act on (issue 10), read back from the .eml files the
// outbox writes under DATA_DIR/mail, on each store: a lead from every kind of
// form (contact, broker, property, favorites) on the main site, a partner's
// path site and the partner's own domain. Each mail's subject names the form
// (and the project) and the site; Reply-To is the visitor; the body gives the
// page's full address on the site it was sent from (from SITE_URL or the
// partner's domain, never from Host); a text and an HTML part, the HTML in the
// partner's brand; and a logged-in client's favorites listed without links.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore, type TapTest } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { createServices } from '../../../src/server/services/index.ts';
import { mailLogoUrl } from '../../../src/server/mail/compose.ts';
import { brokerBody, contactBody, parseEml, propertyBody, type Eml } from './helpers.ts';

const SITE_URL = 'https://www.spainnewhomes.example';
const PASSWORD = 'correct horse battery staple';
const COSTA = 'Costa Casas Inmobiliaria';

interface Site {
  what: string;
  /** The request's Host. */
  host: string;
  /** The page's path on that site, for a path on the site's root ('/contact'). */
  page(p: string): string;
  partner?: string;
  /** The full address the mail must give for a path. */
  url(p: string): string;
  name: string;
  recipient: string;
}

const SITES: Site[] = [
  {
    what: 'the main site',
    host: 'www.spainnewhomes.example',
    page: (p) => p,
    url: (p) => `${SITE_URL}${p}`,
    name: 'Spain New Homes',
    recipient: 'info@spainnewhomes.example',
  },
  {
    what: "a partner's path site",
    host: 'www.spainnewhomes.example',
    page: (p) => `/costa-casas${p}`,
    partner: 'costa-casas',
    url: (p) => `${SITE_URL}/costa-casas${p}`,
    name: COSTA,
    recipient: 'info@costa-casas.example',
  },
  {
    what: "the partner's own domain",
    host: 'costa-casas.localhost',
    page: (p) => p,
    // The slug a page sends is ignored on a domain: the host decides.
    partner: 'sol-homes',
    url: (p) => `https://costa-casas.localhost${p}`,
    name: COSTA,
    recipient: 'info@costa-casas.example',
  },
];

async function waitForMail(app: FastifyInstance, id: number, ms = 30_000): Promise<Eml> {
  const file = path.join(app.config.DATA_DIR, 'mail', `lead-${id}.eml`);
  const deadline = Date.now() + ms;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`lead ${id}: no mail after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return parseEml(fs.readFileSync(file, 'utf8'));
}

/** The lines of the favorites list in the text part, after its heading. */
function textFavorites(text: string): string[] | null {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^(?:The client's favorites|Favorites) \(\d+\):$/.test(l));
  if (at < 0) return null;
  const out: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!line.startsWith('- ')) break;
    out.push(line.slice(2));
  }
  return out;
}

/** The favorites list of the HTML part: the <ul> after its heading. */
function htmlFavorites(html: string): string | null {
  return /<h2[^>]*>(?:The client&#39;s favorites|Favorites) \(\d+\)<\/h2>(<ul[\s\S]*?<\/ul>)/.exec(html)?.[1] ?? null;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

forEachStore(
  t,
  'a lead from every form, on every site, is a mail a broker can act on',
  async (t: TapTest, store) => {
    const app = await testApp(t, { store, env: { SITE_URL, SCRYPT_LOG_N: '10', LEAD_RATE_LIMIT: '1000', AUTH_RATE_LIMIT: '1000' } });
    const { partners } = createServices(store);
    await partners.update('costa-casas', { logo: '/media/partners/costa-casas.svg' });

    // A registered client with three favorites.
    const registered = await app.inject({
      method: 'POST',
      url: '/api/client-register',
      payload: { email: 'marta@example.com', password: PASSWORD, password_repeat: PASSWORD, terms: true },
    });
    t.equal(registered.statusCode, 201, registered.body);
    const auth = { authorization: `Bearer ${registered.json().meta.token as string}` };
    const projects = await store.db
      .selectFrom('projects as p')
      .innerJoin('geo_places as town', 'town.id', 'p.town_id')
      .innerJoin('geo_places as region', 'region.id', 'p.region_id')
      .select(['p.id', 'p.name', 'town.name as town', 'region.name as region'])
      .where('p.withdrawn_at', 'is', null)
      .orderBy('p.id')
      .limit(3)
      .execute();
    t.equal(projects.length, 3, 'the demo catalogue has projects');
    for (const p of projects) {
      const res = await app.inject({ method: 'POST', url: '/api/favoritesubmit', headers: auth, payload: { id: p.id, action: 'add' } });
      t.equal(res.statusCode, 200, res.body);
    }
    const [project] = projects;

    const post = async (payload: Record<string, unknown>, site: Site, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method: 'POST', url: '/api/leads', payload, headers: { host: site.host, ...headers } });
      t.equal(res.statusCode, 201, `${payload.kind} on ${site.what}: ${res.body}`);
      return res.json().data.id as number;
    };

    for (const site of SITES) {
      const partner = site.partner ? { partner: site.partner } : {};
      const kinds = [
        {
          kind: 'contact',
          path: '/contact',
          body: contactBody({ page: site.page('/contact'), ...partner }),
          headers: {},
          subject: `Contact request — ${site.name}`,
          replyTo: 'ana@example.com',
          loggedIn: false,
        },
        {
          kind: 'broker',
          path: '/uw-makelaar',
          body: brokerBody({ page: site.page('/uw-makelaar'), ...partner }),
          headers: auth,
          subject: `Broker request — ${site.name}`,
          replyTo: 'jan@example.nl',
          loggedIn: true,
        },
        {
          kind: 'property',
          path: `/for-sale/${project!.id}`,
          body: propertyBody(project!.id, { page: site.page(`/for-sale/${project!.id}`), ...partner }),
          headers: auth,
          subject: `Property request: ${project!.name} — ${site.name}`,
          replyTo: 'lena@example.se',
          loggedIn: true,
        },
        {
          kind: 'favorites',
          path: '/favorites',
          body: {
            kind: 'favorites',
            idempotency_key: crypto.randomUUID(),
            page: site.page('/favorites'),
            message: 'We can visit in May.\nCall after 18:00, please.',
            ...partner,
          },
          headers: auth,
          subject: `Favorites request — ${site.name}`,
          replyTo: 'marta@example.com',
          loggedIn: true,
        },
      ];
      for (const lead of kinds) {
        await t.test(`${lead.kind} on ${site.what}`, async (t) => {
          const id = await post(lead.body, site, lead.headers);
          const mail = await waitForMail(app, id);
          t.equal(mail.header('subject'), lead.subject, 'the subject names the form, the project and the site');
          t.equal(mail.header('to'), site.recipient, 'to the site’s broker');
          t.match(mail.header('reply-to'), new RegExp(`<?${lead.replyTo.replace('.', '\\.')}>?$`), 'Reply-To is the visitor');
          t.same(mail.parts, ['text/plain', 'text/html'], 'a plain-text and an HTML part');
          const text = mail.text!;
          const html = mail.html!;
          const url = site.url(lead.path);
          t.ok(text.includes(`Page: ${url}\n`), `the text gives the full address ${url}`);
          t.ok(html.includes(`href="${url}"`), 'the HTML links to it');
          t.notOk(text.includes('localhost:') || text.includes('127.0.0.1'), 'no address from the request');
          if (lead.kind === 'property') t.ok(text.includes(`Project: ${project!.name}`), 'the project by name');
          if (lead.kind === 'favorites') {
            t.ok(text.includes('Message:\nWe can visit in May.\nCall after 18:00, please.'), 'the message');
            t.ok(text.includes('Email: marta@example.com'), "the client's details from the account");
          }
          if (lead.kind === 'contact')
            t.ok(text.includes('Name: Ana García') && text.includes('Subject: A villa in Torrevieja'), "the visitor's details");

          const listed = textFavorites(text);
          const list = htmlFavorites(html);
          if (!lead.loggedIn) {
            t.equal(listed, null, 'an anonymous visitor has no favorites in the mail');
            t.equal(list, null);
            t.notOk(text.includes('registered client'));
            return;
          }
          t.ok(text.includes('Account: Logged in as a registered client'), 'says the visitor is a logged-in client');
          t.equal(listed?.length, 3, 'the three favorites in the text');
          for (const p of projects) {
            const line = listed!.find((l) => l.startsWith(`${p.name} — `));
            t.ok(line, `${p.name} is listed`);
            t.match(
              line,
              new RegExp(` — ${p.town}, ${p.region} — (?:€ [\\d.]+(?: - € [\\d.]+)?|no unit available)$`),
              `${p.name}: name, place and price`,
            );
          }
          t.ok(list, 'the favorites in the HTML');
          t.notMatch(list!, /<a\b|href=|https?:|www\./i, 'the HTML list has no link');
          t.notMatch(listed!.join('\n'), /https?:|www\.|\/for-sale/i, 'the text list has no link');
          for (const p of projects) t.ok(decodeEntities(list!).includes(p.name), `${p.name} in the HTML list`);
        });
      }
    }

    await t.test('the HTML part is escaped and in the brand', async (t) => {
      const site = SITES[2]!;
      const id = await post(contactBody({ name: 'Eve <img src=x onerror=alert(1)>', message: '<script>alert(1)</script>\n& more' }), site);
      const { html, text } = await waitForMail(app, id);
      t.notOk(html!.includes('<script>'), 'no markup from the visitor');
      t.ok(html!.includes('&lt;script&gt;alert(1)&lt;/script&gt;<br>&amp; more'), 'it reads as text');
      t.notOk(html!.includes('<img src=x'), 'nor in the name');
      t.ok(text!.includes('<script>alert(1)</script>'), 'the text part has it as typed');
      t.ok(
        html!.includes(`<img src="${SITE_URL}/media/partners/costa-casas.png" alt="${COSTA}"`),
        "the partner's logo as PNG, on the site's address",
      );
      t.ok(html!.includes('background:#0b5d4b'), "the partner's colour");
      const main = await waitForMail(app, await post(contactBody(), SITES[0]!));
      t.notOk(main.html!.includes('<img'), 'the main site: its name, no partner logo');
      t.ok(main.html!.includes('>Spain New Homes</span>'));
    });

    await t.test('favorites: only from a logged-in client, with favorites, to the right broker', async (t) => {
      const body = () => ({ kind: 'favorites', idempotency_key: crypto.randomUUID(), page: '/old/favorites' });
      const anonymous = await app.inject({ method: 'POST', url: '/api/leads', payload: body() });
      t.equal(anonymous.statusCode, 401, 'anonymous: 401');
      t.same(anonymous.json().message, 'Please log in.');
      t.equal(
        (await app.inject({ method: 'POST', url: '/api/leads', payload: { ...body(), name: 'X' } })).statusCode,
        400,
        'no other field',
      );

      // A client of Sol Homes (registered on its site) with no favorites yet.
      const sol = await app.inject({
        method: 'POST',
        url: '/api/client-register',
        payload: { email: 'piet@example.nl', password: PASSWORD, password_repeat: PASSWORD, terms: true, partner: 'sol-homes' },
      });
      t.equal(sol.statusCode, 201, sol.body);
      const solAuth = { authorization: `Bearer ${sol.json().meta.token as string}` };
      const empty = await app.inject({ method: 'POST', url: '/api/leads', payload: body(), headers: solAuth });
      t.equal(empty.statusCode, 400);
      t.equal(empty.json().message, 'favorites is empty: add a home to your favorites first');

      await app.inject({ method: 'POST', url: '/api/favoritesubmit', headers: solAuth, payload: { id: project!.id, action: 'add' } });
      // Sol Homes' own site lists another project only: sent from the main site, the favorites
      // are the ones the main site showed, not filtered by the recipient's scope.
      const solId = (await app.store.db.selectFrom('partners').select('id').where('slug', '=', 'sol-homes').executeTakeFirstOrThrow()).id;
      const other = await app.store.db
        .selectFrom('projects')
        .select('id')
        .where('id', '<>', project!.id)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirstOrThrow();
      await app.store.db.insertInto('partner_scopes').values({ partner_id: solId, kind: 'project', target_id: other.id }).execute();
      const payload = body();
      const sent = await app.inject({ method: 'POST', url: '/api/leads', payload, headers: solAuth });
      t.equal(sent.statusCode, 201, 'sent from the main site …');
      const mail = await waitForMail(app, sent.json().data.id);
      t.equal(mail.header('to'), 'hola@sol-homes.example', "… to the client's own partner");
      t.equal(mail.header('subject'), 'Favorites request — Sol Homes Makelaardij');
      t.equal(textFavorites(mail.text ?? '')?.length, 1, "the favorite the main site showed, though Sol Homes' scope leaves it out");
      const again = await app.inject({ method: 'POST', url: '/api/leads', payload, headers: solAuth });
      t.same([again.statusCode, again.json().data.id], [200, sent.json().data.id], 'a retry is the same lead');

      const office = await app.inject({ method: 'POST', url: '/api/leads', payload: body(), headers: auth });
      t.equal(
        (await waitForMail(app, office.json().data.id)).header('to'),
        'info@spainnewhomes.example',
        'a client of the main site: the office',
      );
    });
  },
  { demo: true },
);

t.test("a logo's address for a mail", async (t) => {
  t.equal(
    mailLogoUrl('/media/partners/a.svg', 'https://x.example'),
    'https://x.example/media/partners/a.png',
    'SVG: the PNG the site renders',
  );
  t.equal(mailLogoUrl('/media/partners/a.png', 'https://x.example/'), 'https://x.example/media/partners/a.png');
  t.equal(mailLogoUrl('/images/brand.svg', 'https://x.example'), null, 'an SVG the site renders no PNG of: the name instead');
  t.equal(mailLogoUrl('https://cdn.example/a.png', 'https://x.example'), 'https://cdn.example/a.png');
  t.equal(mailLogoUrl('https://cdn.example/a.svg', 'https://x.example'), null, 'an SVG elsewhere: the name instead');
  t.equal(mailLogoUrl('//evil.example/a.png', 'https://x.example'), null);
  t.equal(mailLogoUrl(null, 'https://x.example'), null);
});
