// The switch of the favorites alerts (issue 13) through the API, and the links
// of the mail: in the partner's brand on its own domain and on its path, the
// one-click POST that switches the alerts off (RFC 8058), the page the link
// opens, and the job wired into the app with an injected clock.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore, type TapTest } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { TEST_ENV, bearer, post, registered } from '../accounts/helpers.ts';
import { MemoryTransport } from '../leads/helpers.ts';
import type { QueuedMail } from '../../../src/server/mail/compose.ts';
import { at, client, importUnits, morning, projectId, unsubscribeLink } from './helpers.ts';
import { t as msg } from '../../../src/shared/i18n.ts';

const SITE = 'http://localhost:3000';

interface Site {
  site: FastifyInstance;
  /** The mail sent to `email`, once `count` mails have been sent. */
  sentTo(email: string, count: number): Promise<QueuedMail>;
}

async function app(t: TapTest, store: Store, now?: () => Date): Promise<Site> {
  const transport = new MemoryTransport();
  const site = await testApp(t, {
    store,
    mailTransport: transport,
    env: { ...TEST_ENV, SITE_URL: SITE },
    ...(now ? { favoriteAlerts: { now, everyMs: 60 * 60_000 } } : {}),
  });
  return {
    site,
    async sentTo(email, count) {
      await transport.waitFor(count);
      const { message } = transport.sent.find((s) => s.message.to === email)!;
      const from = message.from as { name: string };
      return { ...(message as QueuedMail), fromName: from.name, headers: message.headers as Record<string, string> };
    },
  };
}

forEachStore(
  t,
  'GET /api/client shows the switch; the profile update changes it and names a bad value',
  async (t, store) => {
    const { site } = await app(t, store);
    const token = await registered(site, 'ana@example.com');
    const me = async () => (await site.inject({ url: '/api/client', headers: bearer(token) })).json().data;
    t.equal((await me()).favorite_alerts, true, 'on by default');

    const off = await post(site, '/api/profilesubmit', { favorite_alerts: false }, bearer(token));
    t.equal(off.statusCode, 200);
    t.equal(off.json().data.favorite_alerts, false);
    t.equal((await me()).favorite_alerts, false);

    const bad = await post(site, '/api/profilesubmit', { favorite_alerts: 'yes' }, bearer(token));
    t.equal(bad.statusCode, 400);
    t.match(bad.json().message, /^favorite_alerts: /);

    const before = new Date().toISOString();
    const on = await post(site, '/api/profilesubmit', { favorite_alerts: true }, bearer(token));
    t.equal(on.json().data.favorite_alerts, true);
    const row = await store.db.selectFrom('clients').select(['favorite_alerts', 'favorite_alerts_since']).executeTakeFirstOrThrow();
    t.equal(row.favorite_alerts, 1);
    t.ok(row.favorite_alerts_since! >= before, 'back on: what changed while off is not mailed');
  },
  { seed: true },
);

forEachStore(
  t,
  "a partner's client gets the mail in its brand, with links on its domain or path; one click switches the alerts off",
  async (t, store) => {
    const picture = '<images><image id="1"><url>https://feeds.example.net/pics/a.jpg</url></image></images>';
    await importUnits(store, [{ id: 'A', dev: 'D1', price: 300000, extra: picture }], at(1, 5));
    await client(store, 'domain@example.com', ['D1'], at(1, 6), { partner: 'costa-casas' });
    await store.db.updateTable('partners').set({ domain: null }).where('slug', '=', 'sol-homes').execute();
    await client(store, 'path@example.com', ['D1'], at(1, 6), { partner: 'sol-homes' });
    await importUnits(store, [{ id: 'A', dev: 'D1', price: 290000, extra: picture }], at(2, 5));
    const { site, sentTo } = await app(t, store, () => morning(2));
    await site.ready();
    const d1 = await projectId(store, 'D1');

    // The job, on its clock, ran at start and the outbox sent its mails.
    const domain = await sentTo('domain@example.com', 2);
    const path = await sentTo('path@example.com', 2);

    t.equal(domain!.fromName, 'Costa Casas Inmobiliaria');
    t.match(domain!.subject, 'Costa Casas');
    t.match(domain!.html!, 'background:#0b5d4b', "the partner's colour");
    t.match(domain!.html!, 'src="http://costa-casas.localhost:3000/media/partners/costa-casas.png"', "the partner's logo, on its domain");
    const costa = await store.db.selectFrom('partners').selectAll().where('slug', '=', 'costa-casas').executeTakeFirstOrThrow();
    t.match(
      domain!.text,
      `${msg('mailContact.title', { name: 'Costa Casas Inmobiliaria' })}\n${msg('mailContact.phone')}: ${costa.phone}`,
      'whom to ask: the partner',
    );
    t.match(domain!.html!, `href="mailto:${costa.email}"`, "the partner's e-mail");
    t.match(
      domain!.html!,
      new RegExp(`<a href="http://costa-casas\\.localhost:3000/for-sale/${d1}"><img src="http://costa-casas\\.localhost:3000/media/`),
      "the project's picture, on the partner's domain",
    );
    t.match(domain!.text, `http://costa-casas.localhost:3000/for-sale/${d1}`);
    t.match(domain!.text, 'http://costa-casas.localhost:3000/profile');
    t.match(unsubscribeLink(domain!), /^http:\/\/costa-casas\.localhost:3000\/favorite-alerts\/unsubscribe\/[A-Za-z0-9_-]{43}$/);

    t.equal(path!.fromName, 'Sol Homes Makelaardij');
    t.match(path!.html!, 'background:#8a1538');
    t.match(path!.text, `${SITE}/sol-homes/for-sale/${d1}`);
    t.match(path!.text, `${SITE}/sol-homes/profile`);
    t.match(unsubscribeLink(path!), new RegExp(`^${SITE}/sol-homes/favorite-alerts/unsubscribe/[A-Za-z0-9_-]{43}$`));

    // The page on the partner's domain: opening it changes nothing.
    const domainUrl = new URL(unsubscribeLink(domain!));
    const onDomain = { host: domainUrl.host };
    const page = await site.inject({ url: domainUrl.pathname, headers: onDomain });
    t.equal(page.statusCode, 200);
    t.match(page.headers['cache-control'], /no-store/);
    t.match(page.body, 'Stop the favorites alerts?');
    const alerts = (email: string) =>
      store.db.selectFrom('clients').select('favorite_alerts').where('email', '=', email).executeTakeFirstOrThrow();
    t.equal((await alerts('domain@example.com')).favorite_alerts, 1);

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const noBody = await site.inject({ method: 'POST', url: domainUrl.pathname, headers: { ...onDomain, ...form }, payload: 'x=1' });
    t.equal(noBody.statusCode, 400);
    t.match(noBody.json().message, /^List-Unsubscribe: /);

    const oneClick = await site.inject({
      method: 'POST',
      url: domainUrl.pathname,
      headers: { ...onDomain, ...form, origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    t.equal(oneClick.statusCode, 200, "from a mail provider's origin");
    t.equal((await alerts('domain@example.com')).favorite_alerts, 0, 'off at once');
    t.equal((await alerts('path@example.com')).favorite_alerts, 1, 'only that client');
    const after = await site.inject({ url: domainUrl.pathname, headers: onDomain });
    t.match(after.body, 'Favorites alerts are off');
    t.match(after.body, 'href="/profile"');

    // On the path, the page's own button (multipart here, as RFC 8058 prefers for mail clients).
    const pathUrl = new URL(unsubscribeLink(path!)).pathname;
    const boundary = 'xyz';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const viaMultipart = await site.inject({
      method: 'POST',
      url: pathUrl,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    t.equal(viaMultipart.statusCode, 200);
    t.equal((await alerts('path@example.com')).favorite_alerts, 0);
    const pathPage = await site.inject({ url: pathUrl });
    t.match(pathPage.body, 'href="/sol-homes/profile"');

    const bad = '/favorite-alerts/unsubscribe/' + 'a'.repeat(43);
    t.equal((await site.inject({ method: 'POST', url: bad, headers: form, payload: 'List-Unsubscribe=One-Click' })).statusCode, 404);
    t.equal((await site.inject({ url: bad })).statusCode, 404);

    // Switched off: the next change is not mailed.
    await importUnits(store, [{ id: 'A', dev: 'D1', price: 250000 }], at(3, 5));
    t.same(await site.services.favoriteAlerts.runDue(morning(3)), { period: '2026-01-03', mailed: 0 });
  },
  { seed: true },
);

forEachStore(
  t,
  "the page's button switches off and comes back to the page, without JavaScript",
  async (t, store) => {
    await importUnits(store, [{ id: 'A', dev: 'D1', price: 300000 }], at(1, 5));
    await client(store, 'ana@example.com', ['D1'], at(1, 6));
    await importUnits(store, [{ id: 'A', dev: 'D1', price: 290000 }], at(2, 5));
    const { site, sentTo } = await app(t, store);
    await site.ready();
    await site.services.favoriteAlerts.runDue(morning(2));
    site.outbox.kick();
    const mail = await sentTo('ana@example.com', 1);
    const url = new URL(unsubscribeLink(mail!)).pathname;
    const res = await site.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80', host: 'localhost' },
      payload: 'List-Unsubscribe=One-Click&page=1',
    });
    t.equal(res.statusCode, 303);
    t.equal(res.headers.location, url);
    const page = await site.inject({ url });
    t.match(page.body, 'Favorites alerts are off');
    t.match(page.body, 'href="/old/profile"', "the main site's profile");
  },
  { seed: true },
);
