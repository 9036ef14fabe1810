// The franchise is the main brand's offer (issue 10): on a partner's own domain
// /franchise answers 301 to SITE_URL/franchise; under /{partner} there is no
// franchise page; and no partner page, by path or on its domain, offers the
// franchise in the partner's name (menus, footers, links, the contact and
// broker pages' texts).
import t from 'tap';
import { testApp } from '../../helpers/app.ts';

const SITE_URL = 'https://www.spainnewhomes.example';

/** What a visitor can read on a page, and where its links go: the rendered HTML without the state script. */
function visible(html: string): { text: string; hrefs: string[] } {
  const body = html.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<style\b[\s\S]*?<\/style>/gi, '');
  const hrefs = [...body.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
  const text = body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { text, hrefs };
}

t.test('the franchise stays with the main brand', async (t) => {
  const app = await testApp(t, { env: { SITE_URL } });

  for (const url of ['/franchise', '/franchise?utm_source=x']) {
    const res = await app.inject({ url, headers: { host: 'costa-casas.localhost' } });
    t.equal(res.statusCode, 301, `${url} on the partner's domain: 301`);
    t.equal(res.headers.location, `${SITE_URL}${url}`, "to the main site's page, the query kept");
  }
  const www = await app.inject({ url: '/franchise', headers: { host: 'www.costa-casas.localhost' } });
  t.equal(www.statusCode, 301, 'also on www. of the domain');

  const main = await app.inject({ url: '/franchise', headers: { host: 'www.spainnewhomes.example' } });
  t.equal(main.statusCode, 200, 'the main site keeps its page');
  t.match(visible(main.body).text, /Join our franchise/, 'with the offer');

  const path = await app.inject({ url: '/costa-casas/franchise', headers: { host: 'www.spainnewhomes.example' } });
  t.equal(path.statusCode, 404, "no franchise page under the partner's path");
  t.notMatch(visible(path.body).text, /franchise/i, 'and no offer on it');

  const pages = ['', '/contact', '/uw-makelaar', '/new-build-pages', '/wonen-en-leven', '/search', '/buying-process'];
  const sites = [
    { what: 'path', host: 'www.spainnewhomes.example', prefix: '/costa-casas' },
    { what: 'domain', host: 'costa-casas.localhost', prefix: '' },
    { what: 'path', host: 'www.spainnewhomes.example', prefix: '/sol-homes' },
  ];
  for (const site of sites) {
    for (const page of pages) {
      const url = `${site.prefix}${page}` || '/';
      const res = await app.inject({ url, headers: { host: site.host } });
      t.equal(res.statusCode, 200, `${site.what} ${url}: 200`);
      const { text, hrefs } = visible(res.body);
      t.notMatch(text, /franchise|regional exclusivity|partner brokers/i, `${site.what} ${url}: no franchise offer in the partner's name`);
      t.same(
        hrefs.filter((h) => /franchise/i.test(h)),
        [],
        `${site.what} ${url}: no link to the franchise`,
      );
    }
  }

  // On the partner's broker page the partner is the broker.
  const broker = visible((await app.inject({ url: '/uw-makelaar', headers: { host: 'costa-casas.localhost' } })).body).text;
  t.match(broker, /Leave your details and Costa Casas Inmobiliaria will call you/, 'the broker form names the partner');
  t.notMatch(broker, /the broker nearest to you|introduce you to the broker for your area/, 'not a network of brokers');
  const mainBroker = visible((await app.inject({ url: '/uw-makelaar', headers: { host: 'www.spainnewhomes.example' } })).body).text;
  t.match(mainBroker, /the broker nearest to you will call you/, 'the main site keeps its wording');
  const mainContact = visible((await app.inject({ url: '/contact', headers: { host: 'www.spainnewhomes.example' } })).body).text;
  t.match(mainContact, /Becoming a partner in our franchise/, 'and its contact page offers the franchise');
});
