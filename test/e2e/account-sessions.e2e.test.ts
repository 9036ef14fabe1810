// The profile's sessions, in Chromium (issue 20): a client sees where they are
// logged in (this browser marked, a phone's session named from its
// User-Agent) and "Log out everywhere else" ends the phone's session.
import t from 'tap';
import { PASSWORD, accountSite } from '../helpers/account-browser.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

t.test('the profile lists the sessions, and the button logs out everywhere else', async (t) => {
  const { url, visitor, open, waitForPath, logIn } = await accountSite(t);
  // Registered on a phone: that session stays open there.
  const registered = await fetch(`${url}/api/client-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': IPHONE },
    body: JSON.stringify({ email: 'marta@example.com', password: PASSWORD, password_repeat: PASSWORD, terms: true }),
  });
  t.equal(registered.status, 201);
  const phone = ((await registered.json()) as { meta: { token: string } }).meta.token;
  const phoneClient = () => fetch(`${url}/api/client`, { headers: { authorization: `Bearer ${phone}` } }).then((r) => r.status);

  const { page, problems } = await visitor(t);
  await open(page, '/login?redirect=%2Fold%2Fprofile');
  await logIn(page, 'marta@example.com');
  await waitForPath(page, '/old/profile');

  const items = () =>
    page.$$eval('.session-list__item', (els) => els.map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  await page.waitForFunction(() => document.querySelectorAll('.session-list__item').length === 2);
  const listed = await items();
  t.match(listed[0], /^Chrome on Linux This device Last seen \d/, 'this browser first, marked');
  t.match(listed[1], /^Safari on iOS Last seen \d/, 'the phone, named from its User-Agent');
  t.equal(await phoneClient(), 200, 'the phone is logged in');

  const button = await page.waitForSelector('.account-section button:not([disabled])::-p-text(Log out everywhere else)');
  await button!.click();
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-labelledby="profile-sessions-title"] [role="status"]')?.textContent ===
      'You are logged out on every other device.',
  );
  t.same(
    (await items()).map((s) => s.split(' Last seen')[0]),
    ['Chrome on Linux This device'],
    'only this browser is left',
  );
  t.ok(await page.$('::-p-text(You are logged in on this device only.)'), 'and the page says so');
  t.equal(await page.$('button::-p-text(Log out everywhere else)'), null, 'the button is gone');
  t.equal(await phoneClient(), 401, 'the phone is logged out');
  await open(page, '/old/profile');
  t.equal(await page.evaluate(() => location.pathname), '/old/profile', 'this browser is still logged in');
  t.same(problems.all(), []);
});
