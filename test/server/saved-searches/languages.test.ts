// A saved search keeps the language of the page it was saved on (issue 24): saved
// in Dutch (/nl/…), its title, confirmation and alerts are Dutch, their links
// under /nl/, the pages they lead to and their one-click POST still working;
// one saved in English stays as SPEC's words have it. Both stores. An alert's
// count is written as its language writes numbers.
import t from 'tap';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { instantAlerts } from '../../../src/server/services/saved-searches/alerts.ts';
import { forEachStore } from '../../helpers/db.ts';
import { accountsApp } from '../accounts/helpers.ts';
import { chunks, feed, property } from '../catalogue-import/feeds.ts';
import { queuedMails } from './alert-helpers.ts';
import { confirmed, linkToken, mailText, save, saveBody } from './helpers.ts';
import { alertMail, type AlertMailParts } from '../../../src/server/services/saved-searches/alert-mail.ts';
import { mailBrand } from '../../../src/server/services/accounts/mails.ts';
import { addLocaleMessages } from '../../../src/server/mail/languages.ts';
import { contactDetails } from '../../../src/shared/contact-details.ts';
import { writeIn } from '../../../src/shared/i18n.ts';

const SITE = 'http://localhost:3000';
const EVERYWHERE = '/search?bedrooms=2';

forEachStore(
  t,
  'a search saved in Dutch is confirmed and alerted in Dutch, its links under /nl/',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    const dutch = await app.inject({
      method: 'POST',
      url: '/nl/api/saved-searches',
      payload: saveBody({ email: 'anna@example.com', search: EVERYWHERE, frequency: 'instant' }),
    });
    t.equal(dutch.statusCode, 201);
    t.equal((await save(app, saveBody({ email: 'john@example.com', search: EVERYWHERE, frequency: 'instant' }))).statusCode, 201);

    const rows = await store.db.selectFrom('saved_searches').select(['language', 'title']).orderBy('id').execute();
    t.same(rows, [
      { language: 'nl', title: 'Nieuwbouwwoningen, 2+ slaapkamers' },
      { language: 'en', title: 'New-build homes, 2+ bedrooms' },
    ]);

    const text = await mailText(transport, 1);
    const mail = transport.sent[0]!.message;
    t.equal(mail.subject, 'Bevestig je zoekmelding op Spain New Homes');
    t.match(text, /^Hallo,/);
    t.match(text, '‘Nieuwbouwwoningen, 2+ slaapkamers’ (Zodra er nieuwe woningen zijn)');
    t.match(text, new RegExp(`${SITE}/nl/saved-searches/confirm/[A-Za-z0-9_-]{43}`), 'the link under /nl/');
    t.match(text, new RegExp(`${SITE}/nl/saved-searches/manage/[A-Za-z0-9_-]{43}`));
    t.match(String(mail.html), /^<!doctype html>\n<html lang="nl">/);
    t.match(String(mail.html), `<a href="${SITE}/nl" style="text-decoration:none">`, 'the bar links to the Dutch home');

    const english = await mailText(transport, 2);
    t.equal(transport.sent[1]!.message.subject, 'Confirm your search alert on Spain New Homes', 'English stays English');
    t.match(english, new RegExp(`${SITE}/saved-searches/confirm/`));
    t.match(String(transport.sent[1]!.message.html), '<html lang="en">');

    // The Dutch link leads to the Dutch manage page.
    const confirm = await app.inject({ url: `/nl/saved-searches/confirm/${linkToken(text, 'confirm')}` });
    t.equal(confirm.statusCode, 303);
    t.match(String(confirm.headers.location), /^\/nl\/saved-searches\/manage\/[A-Za-z0-9_-]{43}\?done=confirmed$/);
    const manage = await app.inject({ url: `/api/saved-searches/manage?token=${linkToken(text, 'manage')}` });
    t.match(manage.json().data.searches, [{ href: `${SITE}/nl${EVERYWHERE}` }], 'the manage page links to its results in Dutch');
    await confirmed(app, linkToken(english, 'confirm'));

    const sent = transport.sent.length;
    await importFeed(
      store,
      chunks(feed(property({ id: 'NEW1', dev: 'NEWDEV', name: 'Residencial Nuevo', beds: 2, price: 1234000 })), 4096),
      {
        source: 'test',
        now: new Date(),
        alerts: instantAlerts(SITE),
      },
    );
    const alerts = (await queuedMails(store.db)).slice(sent);
    const anna = alerts.find((m) => m.recipient === 'anna@example.com')!;
    const john = alerts.find((m) => m.recipient === 'john@example.com')!;
    const project = await store.db.selectFrom('projects').select('id').where('ref', '=', 'NEWDEV').executeTakeFirstOrThrow();

    t.equal(anna.subject, '1 nieuwe of goedkopere woning voor ‘Nieuwbouwwoningen, 2+ slaapkamers’');
    t.match(anna.text, 'Nieuwe woningen en lagere prijzen voor je zoekopdracht');
    t.match(anna.text, 'Torrevieja, Alicante · €\u00a01.234.000', 'the price in the Dutch form (a no-break space)');
    t.match(anna.text, `Nieuw\n${SITE}/nl/for-sale/${project.id}`, 'the project under /nl/');
    t.match(anna.text, `Bekijk de zoekopdracht op Spain New Homes:\n${SITE}/nl${EVERYWHERE}`, 'the search under /nl/');
    t.match(anna.text, 'Vragen? Vraag het aan Spain New Homes', 'the contact block');
    t.match(anna.text, new RegExp(`Je bewaarde zoekopdrachten beheren: ${SITE}/nl/saved-searches/manage/`));
    t.match(anna.html!, '<html lang="nl">');
    const unsubscribe = /^<(.+)>$/.exec(anna.headers!['List-Unsubscribe']!)![1]!;
    t.match(unsubscribe, new RegExp(`^${SITE}/nl/saved-searches/unsubscribe/[A-Za-z0-9_-]{43}$`));

    t.equal(john.subject, '1 new or cheaper home for "New-build homes, 2+ bedrooms"', "SPEC's words in English");
    t.match(john.text, `New\n${SITE}/for-sale/${project.id}`);
    t.match(john.text, 'Torrevieja, Alicante · € 1.234.000');

    // The mail client's one-click POST to the Dutch link stops the search, and says so in Dutch.
    const oneClick = await app.inject({
      method: 'POST',
      url: new URL(unsubscribe).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    t.equal(oneClick.statusCode, 200);
    t.equal(oneClick.body, 'Afgemeld.');
    const stopped = await store.db.selectFrom('saved_searches').select('status').where('language', '=', 'nl').executeTakeFirstOrThrow();
    t.equal(stopped.status, 'stopped');
  },
  { seed: true },
);

forEachStore(
  t,
  'saving the search again in another language changes its language while it may change its frequency',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    const again = (url: string) =>
      app.inject({ method: 'POST', url, payload: saveBody({ email: 'anna@example.com', search: EVERYWHERE }) });
    t.equal((await again('/nl/api/saved-searches')).statusCode, 201);
    t.equal((await again('/de/api/saved-searches')).statusCode, 201);
    const language = async () => await store.db.selectFrom('saved_searches').select(['language', 'title']).executeTakeFirstOrThrow();
    t.same(await language(), { language: 'de', title: 'Neubauimmobilien, 2+ Schlafzimmer' }, 'pending: the last save decides');
    t.equal(
      (await transport.waitFor(2), transport.sent[1]!.message.subject),
      'Bestätigen Sie Ihre Suchbenachrichtigung bei Spain New Homes',
    );

    await confirmed(app, linkToken(await mailText(transport, 2), 'confirm'));
    t.equal((await again('/fr/api/saved-searches')).statusCode, 201);
    t.same(await language(), { language: 'de', title: 'Neubauimmobilien, 2+ Schlafzimmer' }, 'confirmed: a stranger cannot change it');
  },
  { seed: true },
);

t.test("an alert's count of more than a thousand homes is grouped as its language writes numbers", async (t) => {
  addLocaleMessages();
  const parts: AlertMailParts = {
    brand: mailBrand(SITE, null, 'fr'),
    title: 'Torrevieja',
    frequency: 'daily',
    items: [],
    total: 1234,
    searchHref: `${SITE}/fr/search`,
    manageHref: `${SITE}/fr/saved-searches/manage/token`,
    unsubscribeHref: `${SITE}/fr/saved-searches/unsubscribe/token`,
    contact: contactDetails(null),
  };
  const french = writeIn('fr', () => alertMail(parts));
  t.equal(french.subject, '1\u202f234 logements nouveaux ou moins chers pour «\u00a0Torrevieja\u00a0»', 'a narrow no-break space');
  t.match(french.text, 'Tout voir (1\u202f234) sur Spain New Homes');
  const english = writeIn('en', () => alertMail(parts));
  t.equal(english.subject, '1.234 new or cheaper homes for "Torrevieja"');
  t.match(english.text, 'See all 1.234 on Spain New Homes');
});

forEachStore(
  t,
  "on a partner's domain that opens in Dutch, a search saved at its root is Dutch, one saved under /en English",
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    await app.services.partners.update('costa-casas', { languages: 'nl,en', root: 'nl' });
    const host = { host: 'costa-casas.localhost' };
    t.equal((await save(app, saveBody({ email: 'anna@example.com', search: EVERYWHERE }), host)).statusCode, 201);
    const english = await app.inject({
      method: 'POST',
      url: '/en/api/saved-searches',
      headers: host,
      payload: saveBody({ email: 'john@example.com', search: EVERYWHERE }),
    });
    t.equal(english.statusCode, 201);
    const rows = await store.db.selectFrom('saved_searches').select(['title', 'language']).orderBy('id').execute();
    t.same(rows, [
      { title: 'Nieuwbouwwoningen, 2+ slaapkamers', language: 'nl' },
      { title: 'New-build homes, 2+ bedrooms', language: 'en' },
    ]);
    const dutch = await mailText(transport, 1);
    t.match(dutch, /^Hallo,/, 'the confirmation in Dutch');
    t.match(dutch, /http:\/\/costa-casas\.localhost:3000\/saved-searches\/confirm\//, "its link at the domain's root, unprefixed");
    t.match(
      await mailText(transport, 2),
      /http:\/\/costa-casas\.localhost:3000\/en\/saved-searches\/confirm\//,
      'the English one under /en',
    );
  },
  { seed: true },
);
