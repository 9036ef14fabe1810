// Server-Timing on pages: what is known before the first byte, the reads and
// the render up to then (the shell for a browser, the whole page for a crawler).
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { serverTiming } from '../../../src/server/render/server-timing.ts';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HEADER = /^reads;dur=\d+\.\d, render;dur=\d+\.\d$/;

t.test('a page says its reads and render time', async (t) => {
  const app = await testApp(t);
  for (const [path, ua] of [
    ['/franchise', BROWSER_UA],
    ['/costa-casas', BROWSER_UA],
    ['/search/spain', CRAWLER_UA],
  ] as const) {
    const res = await app.inject({ url: path, headers: { 'user-agent': ua } });
    t.equal(res.statusCode, 200, path);
    t.match(String(res.headers['server-timing']), HEADER, `${path}: ${res.headers['server-timing']}`);
  }
  const missing = await app.inject({ url: '/nothing/such/page', headers: { 'user-agent': BROWSER_UA } });
  t.equal(missing.statusCode, 404);
  t.match(String(missing.headers['server-timing']), HEADER, 'an error page too');
});

t.test('the API and assets do not carry it', async (t) => {
  const app = await testApp(t);
  const res = await app.inject('/api/content-list');
  t.equal(res.headers['server-timing'], undefined);
});

t.test('serverTiming: milliseconds with one decimal, unmeasured entries left out', async (t) => {
  t.equal(serverTiming({ reads: 12.345, render: 40.06 }), 'reads;dur=12.3, render;dur=40.1');
  t.equal(serverTiming({ reads: undefined, render: 3 }), 'render;dur=3.0');
  t.equal(serverTiming({}), '');
});
