// Every mailed link's token is masked in the logged URL: a log reader must not
// be able to confirm, manage or unsubscribe anyone's alerts, or reset a password.
import t from 'tap';
import { redactUrl } from '../../../src/server/http/redact.ts';

const TOKEN = 'tOk3n_-secret';

t.test('the token of every mailed link is masked, in every section', async (t) => {
  const links = [
    'client-reset-password',
    'saved-searches/confirm',
    'saved-searches/manage',
    'saved-searches/unsubscribe',
    'favorite-alerts/unsubscribe',
  ];
  for (const link of links) {
    for (const section of ['', '/old', '/costa-casas']) {
      const url = `${section}/${link}/${TOKEN}?done=1`;
      t.equal(redactUrl(url), `${section}/${link}/[redacted]?done=1`, url);
    }
  }
});

t.test('a token in the query string is masked', async (t) => {
  t.equal(redactUrl(`/api/saved-searches/manage?token=${TOKEN}&x=1`), '/api/saved-searches/manage?token=[redacted]&x=1');
  t.equal(redactUrl(`/api/favorite-alerts/unsubscribe?x=1&token=${TOKEN}`), '/api/favorite-alerts/unsubscribe?x=1&token=[redacted]');
});

t.test('other addresses are logged as they are', async (t) => {
  for (const url of ['/search/spain/alicante?page=2', '/for-sale/116', '/favorite-alerts', '/saved-searches']) {
    t.equal(redactUrl(url), url);
  }
});
