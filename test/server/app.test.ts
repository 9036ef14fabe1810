import t from 'tap';
import { testApp } from '../helpers/app.ts';

t.test('the homepage renders with the demo store', async (t) => {
  const app = await testApp(t);
  const res = await app.inject('/');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /text\/html/);
  t.match(res.body, /<html lang="en">/);
});
