// One-click unsubscribe (RFC 8058): the headers an alert mail will carry, and
// the POST a mail client sends to their link, which stops that search at once.
// Also the forms without JavaScript: save, change on the manage page.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { accountsApp } from '../accounts/helpers.ts';
import { unsubscribeLink } from '../../../src/server/services/saved-searches/links.ts';
import { oneClickHeaders } from '../../../src/server/mail/one-click.ts';
import { SEARCH, confirmed, linkToken, mailText, save } from './helpers.ts';

forEachStore(
  t,
  'List-Unsubscribe headers, and a one-click POST stops the search at once',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    await save(app);
    const manage = await confirmed(app, linkToken(await mailText(transport, 1), 'confirm'));
    const search = await store.db.selectFrom('saved_searches').select(['id', 'address_id']).executeTakeFirstOrThrow();
    const headers = oneClickHeaders(await unsubscribeLink(store.db, 'https://www.example.com', search, new Date()));
    t.match(headers, {
      'List-Unsubscribe': /^<https:\/\/www\.example\.com\/saved-searches\/unsubscribe\/[A-Za-z0-9_-]{43}>$/,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const url = headers['List-Unsubscribe']!.slice(1, -1).replace('https://www.example.com', '');

    const page = await app.inject({ url: `/api/saved-searches/unsubscribe?token=${linkToken(url, 'unsubscribe')}` });
    t.match(page.json().data, { id: search.id, status: 'active' }, 'the page names the search and changes nothing');

    const noBody = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'other=1',
    });
    t.equal(noBody.statusCode, 400);
    t.match(noBody.json().message, /^List-Unsubscribe: /);

    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    t.equal(res.statusCode, 200, 'from a mail provider, another origin');
    t.equal((await store.db.selectFrom('saved_searches').select('status').executeTakeFirstOrThrow()).status, 'stopped');

    const boundary = 'xyz';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const again = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    t.equal(again.statusCode, 200, 'multipart, as RFC 8058 prefers; twice is fine');

    t.equal(
      (
        await app.inject({
          method: 'POST',
          url: url.replace(/\/[^/]+$/, `/${'y'.repeat(43)}`),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
      404,
    );

    const resumed = await app.inject({
      method: 'POST',
      url: '/api/saved-searches/change',
      payload: { token: manage, action: 'resume', id: search.id },
    });
    t.equal(resumed.json().data.searches[0].status, 'active', 'the manage page can start it again');
  },
  { seed: true },
);

forEachStore(
  t,
  "without JavaScript: the search page's form and the manage page's forms answer 303 to a page",
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    const form = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(body).toString(),
      });

    const bad = await form('/old/saved-searches', { email: 'nope', search: SEARCH, frequency: 'weekly' });
    t.equal(bad.statusCode, 303);
    t.match(
      bad.headers.location,
      /^\/old\/saved-searches\/new\?search=.+&frequency=weekly&error=email$/,
      'back to the form, naming the field',
    );
    t.equal(
      (await form('/saved-searches', { email: 'a@example.com', search: SEARCH, frequency: 'weekly' }, { origin: 'https://evil.example' }))
        .statusCode,
      403,
    );
    t.equal(
      (await form('/no-such-partner/saved-searches', { email: 'a@example.com', search: SEARCH, frequency: 'weekly' })).statusCode,
      404,
    );

    const ok = await form('/costa-casas/saved-searches', { email: 'a@example.com', search: SEARCH, frequency: 'weekly' });
    t.equal(ok.statusCode, 303);
    t.equal(ok.headers.location, '/costa-casas/saved-searches/sent');
    const text = await mailText(transport, 1);
    t.match(text, /costa-casas\.localhost:3000\/saved-searches\/confirm\//, "saved on the partner's site: its link");

    const manage = await confirmed(app, linkToken(text, 'confirm'));
    const { id } = await store.db.selectFrom('saved_searches').select('id').executeTakeFirstOrThrow();
    const change = await form(`/costa-casas/saved-searches/manage/${manage}`, {
      action: 'frequency',
      id: String(id),
      frequency: 'instant',
    });
    t.equal(change.statusCode, 303);
    t.equal(change.headers.location, `/costa-casas/saved-searches/manage/${manage}?done=frequency`);
    t.equal((await store.db.selectFrom('saved_searches').select('frequency').executeTakeFirstOrThrow()).frequency, 'instant');
    const gone = await form(`/costa-casas/saved-searches/manage/${manage}`, { action: 'delete', id: String(id) });
    t.equal(gone.statusCode, 303);
    t.equal(await store.db.selectFrom('saved_searches').select('id').executeTakeFirst(), undefined, 'deleted');
  },
  { seed: true },
);
