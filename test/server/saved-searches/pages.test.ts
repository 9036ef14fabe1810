// The saved-search pages as the server renders them: "Save this search" on a
// search page with the search in its form, and the manage page a mail links
// to, which is personal (never stored by a CDN) and not indexed.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { accountsApp } from '../accounts/helpers.ts';
import { confirmed, linkToken, mailText, save } from './helpers.ts';

forEachStore(
  t,
  'the search page offers to save its search; the manage page is private; a bad link is a 404 that says so',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    for (const url of [
      '/search/spain/alicante?bedrooms=2',
      '/old/search/spain/alicante?bedrooms=2',
      '/costa-casas/search/spain/alicante?bedrooms=2',
    ]) {
      const page = await app.inject({ url });
      t.equal(page.statusCode, 200, url);
      t.match(page.body, /<summary[^>]*>Save this search<\/summary>/, `${url}: the disclosure`);
      t.notMatch(page.body, /<form class="save-search__form"/, `${url}: no save form sent (it loads when opened)`);
      const link = /<a class="save-search__page" href="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
      const section = url.replace(/\/search.*/, '');
      t.equal(
        link,
        `${section}/saved-searches/new?search=${encodeURIComponent('/search/spain/alicante?bedrooms=2')}`,
        `${url}: a link to its own section's save page`,
      );
      const form = await app.inject({ url: link! });
      t.match(form.body, /name="search" value="\/search\/spain\/alicante\?bedrooms=2"/, `${url}: the canonical search in its form`);
      t.match(form.body, new RegExp(`action="${section}/saved-searches"`), `${url}: posted to its own section`);
    }
    await save(app);
    const manage = await confirmed(app, linkToken(await mailText(transport, 1), 'confirm'));
    const page = await app.inject({ url: `/saved-searches/manage/${manage}?done=confirmed`, headers: { host: 'costa-casas.localhost' } });
    t.equal(page.statusCode, 200);
    t.equal(page.headers['cache-control'], 'private, no-store');
    t.match(page.body, /Your alert is active/);
    t.match(page.body, /noindex/);
    t.match(page.body, /Delete all my saved searches/);
    const bad = await app.inject({ url: `/saved-searches/manage/${'x'.repeat(43)}` });
    t.equal(bad.statusCode, 404);
    t.match(bad.body, /This link is not valid, or it has expired/);
  },
  { seed: true },
);

forEachStore(
  t,
  'the page after a save without JavaScript: "check your inbox" for an address, "search saved" for a client',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const title = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    const pending = await app.inject({ url: '/saved-searches/sent' });
    t.equal(pending.statusCode, 200);
    t.equal(title(pending.body), 'Check your inbox');
    t.match(pending.body, /Open it within 7 days/);
    const active = await app.inject({ url: '/saved-searches/sent?status=active' });
    t.equal(title(active.body), 'Search saved', 'not the button that saved it');
    t.match(active.body, /go to your account(&#x27;|&#39;|')s e-mail address/);
  },
  { seed: true },
);
