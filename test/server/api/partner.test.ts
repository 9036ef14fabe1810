// POST /api/partner/get-data (SPEC §7): by domain first, then slug; id 0 when unknown.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';

t.test('a partner by slug, with its colours', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/api/partner/get-data',
    payload: { partner: 'sol-homes', lang: 'en', lang_id: 1, site_suff: '', theaders: {} },
  });
  t.equal(res.statusCode, 200);
  const { partner } = res.json();
  t.equal(partner.slug, 'sol-homes');
  t.ok(partner.id > 0);
  t.equal(partner.domain, 'sol-homes.localhost');
  t.same(partner.colors, { primary: '#8a1538', secondary: '#ffffff', heading_color: '#ffd6e0' });
});

t.test('the domain wins over the slug, and defaults to the request host', async (t) => {
  const app = await testApp(t);
  const byDomain = await app.inject({
    method: 'POST',
    url: '/api/partner/get-data',
    payload: { partner: 'sol-homes', domain: 'costa-casas.localhost' },
  });
  t.equal(byDomain.json().partner.slug, 'costa-casas');
  const byHost = await app.inject({
    method: 'POST',
    url: '/api/partner/get-data',
    headers: { host: 'www.costa-casas.localhost:3000' },
    payload: {},
  });
  t.equal(byHost.json().partner.slug, 'costa-casas');
});

t.test('an unknown partner is id 0 with the default colours', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({ method: 'POST', url: '/api/partner/get-data', payload: { partner: 'nobody' } });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { partner: { id: 0, domain: null, colors: { primary: '#13206a', secondary: '#fffb00', heading_color: '#fffb00' } } });
});

t.test('bad bodies are 400 naming the field, never 500', async (t) => {
  const app = await testApp(t);
  const cases: Array<[unknown, RegExp]> = [
    [{ partner: 5 }, /^partner/],
    [{ lang_id: 'one' }, /^lang_id/],
    [{ theaders: 'x' }, /^theaders/],
    [{ partner: 'x'.repeat(500) }, /^partner/],
    [[1, 2], /./],
  ];
  for (const [payload, message] of cases) {
    const res = await app.inject({ method: 'POST', url: '/api/partner/get-data', payload: payload as object });
    t.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 40));
    t.match(res.json().message, message);
  }
  const broken = await app.inject({
    method: 'POST',
    url: '/api/partner/get-data',
    headers: { 'content-type': 'application/json' },
    payload: '{"partner":',
  });
  t.equal(broken.statusCode, 400, 'malformed JSON');
});

t.test('content reads validate their query', async (t) => {
  const app = await testApp(t);
  const bad = await app.inject('/api/content?slug=../etc');
  t.equal(bad.statusCode, 400);
  t.match(bad.json().message, /^slug/);
  const missing = await app.inject('/api/content');
  t.equal(missing.statusCode, 400);
  t.equal(missing.json().message, 'slug is required');
  const unknown = await app.inject('/api/content?slug=nothing-here');
  t.equal(unknown.statusCode, 404);
  const partnerMissing = await app.inject('/api/content?slug=buying-process&partner=nobody');
  t.equal(partnerMissing.statusCode, 404);
});
