// The favorites mail in its client's language (issue 24): the account's stored
// language writes the mail in the daily job, whatever request is running, its
// prices in that language's form and its links under that language's prefix
// (before a partner's path); the one-click link still switches the alerts off.
// English clients keep SPEC's words. Both stores.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { TEST_ENV } from '../accounts/helpers.ts';
import { FavoriteAlertService } from '../../../src/server/services/favorite-alerts/index.ts';
import { SITE, at, client, importUnits, mailsTo, morning, projectId, unsubscribeLink } from './helpers.ts';

forEachStore(
  t,
  "a German client's favorites mail is German, its links under /de/; an English one's stays English",
  async (t, store) => {
    // The app reads every language's strings (the job runs in it).
    const app = await testApp(t, { store, env: { ...TEST_ENV, SITE_URL: SITE } });
    const alerts = new FavoriteAlertService(store.db, { siteUrl: SITE, dialect: store.dialect });
    await importUnits(store, [{ id: 'A', dev: 'D1', price: 300000 }], at(1, 5));
    const lena = await client(store, 'lena@example.com', ['D1'], at(1, 6));
    const sol = await client(store, 'sol@example.com', ['D1'], at(1, 6), { partner: 'sol-homes' });
    const costa = await client(store, 'costa@example.com', ['D1'], at(1, 6), { partner: 'costa-casas' });
    // Costa Casas on the main site's path, Sol Homes on its own domain.
    await store.db.updateTable('partners').set({ domain: null }).where('slug', '=', 'costa-casas').execute();
    await client(store, 'john@example.com', ['D1'], at(1, 6));
    await store.db.updateTable('clients').set({ language: 'de' }).where('id', 'in', [lena, sol, costa]).execute();
    await importUnits(store, [{ id: 'A', dev: 'D1', price: 280000 }], at(2, 5));
    t.same(await alerts.runDue(morning(2)), { period: '2026-01-02', mailed: 4 });
    const d1 = await projectId(store, 'D1');

    const [german] = await mailsTo(store, 'lena@example.com');
    t.equal(german!.subject, 'Ihre Favoriten bei Spain New Homes: Das hat sich geändert');
    t.match(german!.text, /^Guten Tag,/);
    t.match(german!.text, 'Preis gesenkt: 300.000\u00a0€ → 280.000\u00a0€', "the prices in German's form");
    t.match(german!.text, `Projekt ansehen: ${SITE}/de/for-sale/${d1}`);
    t.match(german!.text, `${SITE}/de/old/profile`, 'the German profile');
    t.match(german!.html!, /^<!doctype html>\n<html lang="de">/);
    t.match(unsubscribeLink(german!), new RegExp(`^${SITE}/de/favorite-alerts/unsubscribe/[A-Za-z0-9_-]{43}$`));

    const [path] = await mailsTo(store, 'costa@example.com');
    t.match(path!.text, `${SITE}/de/costa-casas/for-sale/${d1}`, "the language's prefix before the partner's path");
    t.match(path!.text, `${SITE}/de/costa-casas/profile`);
    t.match(unsubscribeLink(path!), new RegExp(`^${SITE}/de/costa-casas/favorite-alerts/unsubscribe/[A-Za-z0-9_-]{43}$`));
    const [domain] = await mailsTo(store, 'sol@example.com');
    t.match(domain!.text, `https://sol-homes.localhost/de/for-sale/${d1}`, "after the partner's own domain");
    t.match(domain!.text, `https://sol-homes.localhost/de/profile`);

    const [english] = await mailsTo(store, 'john@example.com');
    t.equal(english!.subject, 'Your favorites on Spain New Homes: what changed');
    t.match(english!.text, 'Price reduced: € 300.000 → € 280.000');
    t.match(english!.text, `${SITE}/for-sale/${d1}`);
    t.match(english!.html!, '<html lang="en">');

    // The mail client's one-click POST to the German link.
    const oneClick = await app.inject({
      method: 'POST',
      url: new URL(unsubscribeLink(german!)).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    t.equal(oneClick.statusCode, 200);
    t.equal(oneClick.body, 'Abgemeldet: Die Benachrichtigungen zu Favoriten sind deaktiviert.');
    const off = await store.db.selectFrom('clients').select('favorite_alerts').where('id', '=', lena).executeTakeFirstOrThrow();
    t.equal(off.favorite_alerts, 0);
  },
  { seed: true },
);
