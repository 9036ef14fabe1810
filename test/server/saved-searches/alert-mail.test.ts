// The alert mail's parts and headers: subject with the search and the count,
// each project with name, place, price, a raster picture and its page on the
// site where the search was saved (the main site, a partner's domain, or
// SITE_URL/{slug} for a partner without one), the partner's brand, the manage
// and unsubscribe links, and List-Unsubscribe / List-Unsubscribe-Post.
import t from 'tap';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { composeQueuedMail } from '../../../src/server/mail/compose.ts';
import { instantAlerts, mailPicture } from '../../../src/server/services/saved-searches/alerts.ts';
import type { ProjectCard } from '../../../src/shared/catalogue.ts';
import { t as msg } from '../../../src/shared/i18n.ts';
import { DEFAULT_COLORS } from '../../../src/shared/constants.ts';
import { forEachStore } from '../../helpers/db.ts';
import { chunks, feed, property } from '../catalogue-import/feeds.ts';
import { SITE, addSearch, queuedMails } from './alert-helpers.ts';

const run = (store: Store, xml: string, now: Date) =>
  importFeed(store, chunks(xml, 4096), { source: 'test', now, alerts: instantAlerts(SITE) });
const picture = '<images><image id="1"><url>https://feeds.example.net/pics/a.jpg</url></image></images>';
const FIRST = [property({ id: 'U1', dev: 'D1', name: 'Mar Azul', price: 300000, beds: 2, town: 'Torrevieja', province: 'Alicante' })];
const SECOND = [
  property({ id: 'U1', dev: 'D1', name: 'Mar Azul', price: 275000, beds: 2, town: 'Torrevieja', province: 'Alicante' }),
  property({ id: 'U2', dev: 'D2', name: 'Las Dunas', price: 199000, beds: 3, town: 'Torrevieja', province: 'Alicante', extra: picture }),
  property({ id: 'U3', dev: 'D2', name: 'Las Dunas', price: 245000, beds: 3, town: 'Torrevieja', province: 'Alicante' }),
];

forEachStore(
  t,
  "an alert mail: its parts, its links on the search's site, its brand and its headers",
  async (t, store) => {
    const db = store.db;
    await run(store, feed(...FIRST), new Date('2026-03-01T10:00:00Z'));
    await db.updateTable('partners').set({ domain: null }).where('slug', '=', 'sol-homes').execute();
    const search = '/search/spain/alicante/torrevieja?bedrooms=2';
    await addSearch(db, { email: 'main@example.com', search });
    await addSearch(db, { email: 'costa@example.com', search, partner: 'costa-casas' });
    await addSearch(db, { email: 'sol@example.com', search, partner: 'sol-homes' });
    await run(store, feed(...SECOND), new Date('2026-03-02T10:00:00Z'));

    const ids = Object.fromEntries((await db.selectFrom('projects').select(['id', 'ref']).execute()).map((p) => [p.ref, p.id]));
    const image = await db.selectFrom('images').select('id').where('project_id', '=', ids.D2!).executeTakeFirstOrThrow();
    const mails = await queuedMails(db);
    t.same(
      mails.map((m) => m.recipient),
      ['main@example.com', 'costa@example.com', 'sol@example.com'],
    );

    const costa = await db.selectFrom('partners').selectAll().where('slug', '=', 'costa-casas').executeTakeFirstOrThrow();
    const sites = [
      {
        mail: mails[0]!,
        home: SITE,
        origin: SITE,
        name: msg('site.name'),
        color: DEFAULT_COLORS.primary,
        logo: null,
        phone: msg('office.phone'),
      },
      {
        mail: mails[1]!,
        home: 'https://costa-casas.localhost',
        origin: 'https://costa-casas.localhost',
        name: 'Costa Casas Inmobiliaria',
        color: '#0b5d4b',
        logo: 'costa-casas',
        phone: costa.phone!,
      },
      {
        mail: mails[2]!,
        home: `${SITE}/sol-homes`,
        origin: SITE,
        name: 'Sol Homes Makelaardij',
        color: '#8a1538',
        logo: 'sol-homes',
        phone: null,
      },
    ];
    for (const { mail, home, origin, name, color, logo, phone } of sites) {
      t.test(`saved on ${home}`, async (t) => {
        t.equal(mail.subject, '2 new or cheaper homes for "New-build homes in torrevieja, 2+ bedrooms"');
        t.match(mail.fromName, name, "the site's name as the sender's");
        t.match(mail.headers, {
          'List-Unsubscribe': new RegExp(`^<${home}/saved-searches/unsubscribe/[A-Za-z0-9_-]{43}>$`),
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        });
        const unsubscribe = mail.headers!['List-Unsubscribe']!.slice(1, -1);
        const text = mail.text;
        t.match(text, msg('savedSearches.alert.intro', { search: 'New-build homes in torrevieja, 2+ bedrooms', site: name }));
        t.match(
          text,
          `Las Dunas\nTorrevieja, Alicante · € 199.000 - € 245.000\n${msg('savedSearches.alert.new')}\n${home}/for-sale/${ids.D2}\n`,
        );
        t.match(
          text,
          `Mar Azul\nTorrevieja, Alicante · € 275.000\nApartment, 2 bedrooms: ${msg('savedSearches.alert.reduced', { before: '€ 300.000', price: '€ 275.000' })}\n${home}/for-sale/${ids.D1}\n`,
          'new first, then the drop, naming the home whose price dropped',
        );
        t.match(text, msg('mailContact.title', { name }), 'whom to ask');
        if (phone) t.match(text, `${msg('mailContact.phone')}: ${phone}`, 'by phone');
        if (phone) t.match(mail.html!, `href="tel:${phone.replace(/[^\d+]/g, '')}"`, 'a phone link');
        t.match(text, `${msg('savedSearches.alert.seeSearch', { site: name })}:\n${home}${search}`);
        t.match(text, new RegExp(`${msg('savedSearches.alert.manage')}: ${home}/saved-searches/manage/[A-Za-z0-9_-]{43}`));
        t.match(text, `${msg('savedSearches.alert.unsubscribe')}: ${unsubscribe}`);

        const html = mail.html!;
        t.match(html, `<a href="${home}/for-sale/${ids.D2}"`, 'the project linked');
        t.match(
          html,
          `<img src="${origin}/media/images/${image.id}"`,
          'its picture: the first-party copy, on the site the search was saved on',
        );
        t.match(html, `<a href="${unsubscribe}"`, 'the unsubscribe link');
        t.match(html, new RegExp(`<a href="${home}/saved-searches/manage/`), 'the manage link');
        t.match(html, `background:${color}`, "the site's colour");
        if (logo) t.match(html, `<img src="${origin}/media/partners/${logo}.png" alt="${name}"`, 'its logo as PNG, on that site too');
        t.notMatch(html, '.svg"', 'no SVG picture');

        const message = composeQueuedMail(mail, mail.recipient, 'Alerts <alerts@example.com>');
        t.match(message.headers, { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
        t.match(message.from, { name, address: 'alerts@example.com' });
      });
    }
  },
  { seed: true },
);

t.test("a picture a mail can show: a feed picture's (or demo drawing's) first-party copy, never an SVG", async (t) => {
  const card = (url: string) => ({ images: [{ url, caption: null, floorplan: false, photo: null }] }) as unknown as ProjectCard;
  t.equal(mailPicture(card('/media/demo/p12-pool-1.svg'), SITE), null, "a drawing's own SVG");
  t.equal(mailPicture(card('/media/images/7'), `${SITE}/`), `${SITE}/media/images/7`);
  t.equal(mailPicture(card('/media/other/drawing.svg'), SITE), null);
  t.equal(mailPicture(card('https://elsewhere.example/a.jpg'), SITE), null, 'never a third party');
  t.equal(mailPicture({ images: [] } as unknown as ProjectCard, SITE), null);
  const key = 'c'.repeat(24);
  const prepared = {
    images: [{ url: '/media/images/7', caption: null, floorplan: false, photo: { key, width: 4000, height: 3000, colour: '#777777' } }],
  } as unknown as ProjectCard;
  t.equal(mailPicture(prepared, SITE), `${SITE}/media/photos/${key}-320.jpg`, 'a prepared photo: the JPEG twice the width it is shown at');
});
