// Error pages: real statuses, the spec's texts, and the renderer's fallbacks.
import t from 'tap';
import { routes } from '../../../src/shared/routes.ts';
import type { SsrEntry, RenderOptions } from '../../../src/shared/ssr.ts';
import { builtSsr, testApp } from '../../helpers/app.ts';
import { stateOf, textOf } from '../../helpers/html.ts';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

t.test('crawlers get the whole document, browsers the shell as soon as it is ready', async (t) => {
  const seen: string[] = [];
  const ssr: SsrEntry = {
    async render(options) {
      setImmediate(() => {
        options.onShellReady();
        setImmediate(() => {
          seen.push('all-ready');
          options.onAllReady();
        });
      });
      return {
        pipe(w) {
          seen.push('pipe');
          w.end('<!DOCTYPE html><html></html>');
          return w;
        },
        abort() {},
      };
    },
  };
  const app = await testApp(t, { ssr });
  await app.inject({ url: '/franchise', headers: { 'user-agent': BROWSER_UA } });
  t.same(seen, ['pipe'], 'a browser is streamed from the shell, before the rest is ready');
  await new Promise((r) => setTimeout(r, 20));
  seen.length = 0;
  const bot = await app.inject({
    url: '/franchise',
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  });
  t.equal(bot.statusCode, 200);
  t.same(seen, ['all-ready', 'pipe'], 'a crawler waits for the whole document');
});

t.test('an unknown URL is 404 This page could not be found', async (t) => {
  const app = await testApp(t);
  for (const path of ['/nothing/such/page/here', '/old/contact/extra/segments', '/costa-casas/for-sale/1/extra']) {
    const res = await app.inject(path);
    t.equal(res.statusCode, 404, path);
    const text = textOf(res.body);
    t.match(text, 'Oops! Page not found!');
    t.match(text, 'This page could not be found');
    t.match(text, 'Go back to homepage');
    t.equal(stateOf(res.body).error?.statusCode, 404);
    t.equal(res.headers['cache-control'], 'no-store', 'error pages are not cached');
  }
});

t.test('an unknown partner is 404 Not Found', async (t) => {
  const app = await testApp(t);
  for (const path of ['/no-such-partner/contact', '/no-such-partner/search/spain', '/no-such-partner/client-login']) {
    const res = await app.inject(path);
    t.equal(res.statusCode, 404, path);
    t.match(textOf(res.body), 'Oops! Page not found!');
    t.equal(stateOf(res.body).error?.message, 'Not Found');
  }
});

t.test('an unknown content slug is a 404 page', async (t) => {
  const app = await testApp(t);
  for (const path of ['/no-such-page', '/old/no-such-page', '/costa-casas/no-such-page', '/favicon.ico']) {
    const res = await app.inject(path);
    t.equal(res.statusCode, 404, path);
    t.match(textOf(res.body), 'This page could not be found');
  }
});

t.test('an unknown middleware is 500 Unknown middleware {name}', async (t) => {
  const table = [{ ...routes[0]!, name: 'test:bad', path: '/bad-middleware', middleware: ['partner', 'nope'] }, ...routes];
  const app = await testApp(t, { routes: table });
  const res = await app.inject('/bad-middleware');
  t.equal(res.statusCode, 500);
  const text = textOf(res.body);
  t.match(text, 'An error occurred');
  t.match(text, 'Unknown middleware nope');
  t.notMatch(text, 'Oops! Page not found!');
});

/** A server entry whose page shell fails, optionally the error page too. */
function failingSsr(real: SsrEntry, failErrorPage: boolean): SsrEntry & { calls: RenderOptions[] } {
  const calls: RenderOptions[] = [];
  return {
    calls,
    async render(options) {
      calls.push(options);
      if (!options.state.error || failErrorPage) {
        const rendered = { pipe: <W>(w: W) => w, abort: () => {} };
        setImmediate(() => options.onShellError(new Error('boom')));
        return rendered;
      }
      return real.render(options);
    },
  };
}

t.test('a failing page shell falls back to the error page with 500', async (t) => {
  const real = await builtSsr();
  const ssr = failingSsr(real, false);
  const app = await testApp(t, { ssr });
  const res = await app.inject('/franchise');
  t.equal(res.statusCode, 500);
  t.match(textOf(res.body), 'An error occurred');
  t.equal(ssr.calls.length, 2, 'rendered the page, then the error page');
  t.same(stateOf(res.body).error, { statusCode: 500, message: 'An error occurred' }, 'no internal detail shown to the visitor');
});

t.test('when the error page fails too, a static page says so with a link home', async (t) => {
  const real = await builtSsr();
  const app = await testApp(t, { ssr: failingSsr(real, true) });
  const res = await app.inject('/franchise');
  t.equal(res.statusCode, 500);
  t.match(res.body, '<h1>An error occurred while showing the error page</h1>', 'the message of SPEC §2');
  t.match(res.body, '<a href="/">Go back to homepage</a>');
});
