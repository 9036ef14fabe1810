// The lead forms in a real browser: a visitor fills the contact form (on the
// main site and on a partner's), sees the button go from processing to the
// valid icon and 'Thanks you for your request', and the lead is in the store
// with its mail in the outbox. When the API cannot be reached the visitor sees
// 'Sorry an error occured, check your internet' and keeps what was typed; the
// retry is not stored twice; while an import holds the store, the message says
// to try again in a minute. A wrong email is caught in the browser.
import t from 'tap';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, textOf, waitForHydration } from '../helpers/browser.ts';
import { storeWithWriteLock } from '../helpers/sqlite-write-lock.ts';
import { t as msg } from '../../src/shared/i18n.ts';

const THANKS = 'Thanks you for your request';
const NETWORK_ERROR = 'Sorry an error occured, check your internet';
const BUTTON = 'form.lead-form button[type=submit]';

const isLeadPost = (r: HTTPRequest) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/leads';

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await waitForHydration(page);
  // Enabled once hydrated: before that the browser would send the form itself.
  await page.waitForSelector(`${BUTTON}:not([disabled])`);
  // In the middle of the window, clear of the cookie bar at the bottom.
  await page.$eval('form.lead-form', (form) => form.scrollIntoView({ block: 'center' }));
}

/** Clicks the submit button as a visitor would, after scrolling it clear of the cookie bar. */
async function submit(page: Page): Promise<void> {
  await page.$eval(BUTTON, (b) => b.scrollIntoView({ block: 'center' }));
  await page.click(BUTTON);
}

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.type(`form.lead-form [name="${name}"]`, value);
}

async function valuesOf(page: Page, names: string[]): Promise<Record<string, string>> {
  return page.$eval(
    'form.lead-form',
    (form, names) => Object.fromEntries(names.map((n) => [n, (form.querySelector(`[name="${n}"]`) as HTMLInputElement).value])),
    names,
  );
}

const buttonState = (page: Page) =>
  page.$eval(BUTTON, (b) => ({
    state: b.getAttribute('data-state'),
    result: b.getAttribute('data-result'),
    icon: b.querySelector('svg[data-icon]')?.getAttribute('data-icon') ?? null,
    spinner: Boolean(b.querySelector('.submit-button__spinner')),
  }));

const contactValues = (who: string) => ({
  name: 'Ana García',
  phone: '+34 600 12 34 56',
  email: `${who}@example.com`,
  subject: 'A villa in Torrevieja',
  message: 'Hello,\nwe would like to visit in May.',
});

t.test('lead forms in the browser', async (t) => {
  const { app, url } = await startServer(t);
  const browser = await launchBrowser(t);
  const db = app.store.db;
  const leadByEmail = (email: string) => db.selectFrom('leads').selectAll().where('email', '=', email).execute();
  const mailOf = (leadId: number) => db.selectFrom('mail_outbox').selectAll().where('lead_id', '=', leadId).executeTakeFirst();

  t.test('the contact form on /contact: processing, then the valid icon and the thanks; the lead is stored and mailed', async (t) => {
    const { page, problems } = await newPage(t, browser);
    await page.setRequestInterception(true);
    // Hold the lead's request, so the processing state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    page.on('request', (request) => {
      if (isLeadPost(request)) void held.then(() => request.continue());
      else void request.continue();
    });
    await open(page, `${url}/contact`);
    t.same(await buttonState(page), { state: 'idle', result: null, icon: null, spinner: false }, 'idle at first');
    t.equal(await textOf(page, 'form.lead-form .form-status'), '', 'no message yet');

    await fill(page, contactValues('ana.main'));
    await submit(page);
    await page.waitForSelector(`${BUTTON}[data-state="processing"]`);
    t.match(await buttonState(page), { state: 'processing', icon: null, spinner: true }, 'processing, with a spinner');
    t.equal(await page.$eval(BUTTON, (b) => b.getAttribute('aria-disabled')), 'true', 'a second click does nothing meanwhile');

    release();
    await page.waitForSelector(`${BUTTON}[data-state="done"]`);
    t.same(await buttonState(page), { state: 'done', result: 'valid', icon: 'valid', spinner: false }, 'done, with the valid icon');
    t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS);

    const [lead, ...more] = await leadByEmail('ana.main@example.com');
    t.equal(more.length, 0, 'stored once');
    t.match(lead, {
      kind: 'contact',
      partner_id: null,
      page: '/contact',
      name: 'Ana García',
      phone: '+34 600 12 34 56',
      subject: 'A villa in Torrevieja',
      message: 'Hello,\nwe would like to visit in May.',
    });
    t.match(lead!.user_agent, /Chrome/, 'with the browser it came from');
    t.match(await mailOf(lead!.id), { recipient: 'info@spainnewhomes.example' }, 'its mail is in the outbox, to the office');
    t.same(problems.all(), [], 'no console error, failed request or CSP violation');
  });

  t.test("the contact form on /costa-casas/contact: the lead is the partner's", async (t) => {
    const { page, problems } = await newPage(t, browser);
    await open(page, `${url}/costa-casas/contact`);
    await fill(page, contactValues('ana.costa'));
    await submit(page);
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('data-state') === 'done', {}, BUTTON);
    t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS);
    t.equal((await buttonState(page)).icon, 'valid');

    const costa = await db.selectFrom('partners').select('id').where('slug', '=', 'costa-casas').executeTakeFirstOrThrow();
    const [lead] = await leadByEmail('ana.costa@example.com');
    t.match(lead, { partner_id: costa.id, page: '/costa-casas/contact' }, 'the partner and the page are recorded');
    t.match(await mailOf(lead!.id), { recipient: 'info@costa-casas.example' }, "its mail goes to the partner's address");
    t.same(problems.all(), []);
  });

  t.test('with the API unreachable: the error, every typed value kept, and a retry stored once', async (t) => {
    const { page, problems } = await newPage(t, browser, { allowFailure: (u) => u.endsWith('/api/leads') });
    await page.setRequestInterception(true);
    const bodies: Array<Record<string, unknown>> = [];
    let failNext = true;
    page.on('request', (request) => {
      if (!isLeadPost(request)) return void request.continue();
      const body = JSON.parse(request.postData() ?? '{}');
      bodies.push(body);
      if (!failNext) return void request.continue();
      failNext = false;
      // The worst case: the server stored it, but the answer never arrived.
      void fetch(`${url}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: request.postData() }).then(
        () => request.abort('failed'),
      );
    });
    await open(page, `${url}/contact`);
    const typed = contactValues('ana.offline');
    await fill(page, typed);
    await submit(page);
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('data-state') === 'done', {}, BUTTON);
    t.equal(await textOf(page, 'form.lead-form .form-status'), NETWORK_ERROR, 'the network error of SPEC §8');
    t.same(await buttonState(page), { state: 'done', result: 'invalid', icon: 'invalid', spinner: false }, 'done, with the invalid icon');
    t.same(await valuesOf(page, Object.keys(typed)), typed, 'what was typed is still there');

    await submit(page);
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('data-result') === 'valid', {}, BUTTON);
    t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS, 'the retry is thanked');
    t.equal(bodies.length, 2, 'two submissions');
    t.equal(bodies[1]!.idempotency_key, bodies[0]!.idempotency_key, 'with the same idempotency key');
    t.match(String(bodies[0]!.idempotency_key), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a v4 UUID');
    t.equal((await leadByEmail('ana.offline@example.com')).length, 1, 'stored once');
    t.same(problems.all(), []);
  });

  t.test('an invalid email is caught in the browser, with the message under the field', async (t) => {
    const { page, problems } = await newPage(t, browser);
    let posts = 0;
    page.on('request', (r) => {
      if (isLeadPost(r)) posts++;
    });
    await open(page, `${url}/contact`);
    await fill(page, { ...contactValues('x'), email: 'ana@' });
    t.equal(await page.$$eval('form.lead-form .field__error', (els) => els.length), 0, 'no message while typing');
    await submit(page);
    await page.waitForSelector(`${BUTTON}[data-result="invalid"]`);
    t.same(
      await buttonState(page),
      { state: 'done', result: 'invalid', icon: 'invalid', spinner: false },
      'the button shows the invalid icon',
    );
    t.equal(await textOf(page, 'form.lead-form .form-status'), 'Please check the marked fields.');
    const email = await page.$('form.lead-form [name="email"]');
    t.equal(await email!.evaluate((el) => el.getAttribute('aria-invalid')), 'true', 'the field is marked invalid');
    const described = await email!.evaluate((el) => {
      const id = el.getAttribute('aria-describedby');
      return id ? (document.getElementById(id)?.textContent ?? null) : null;
    });
    t.equal(described, 'Please enter a valid email address, such as name@example.com.', 'the message from en.json, tied to the field');
    t.equal(await page.$$eval('form.lead-form .field__error', (els) => els.length), 1, 'only the wrong field');
    t.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email', 'the focus moves to the wrong field');
    t.equal(posts, 0, 'nothing was sent');

    await page.click('form.lead-form [name="email"]', { count: 3 });
    await page.type('form.lead-form [name="email"]', 'ana.fixed@example.com');
    t.equal(await page.$$eval('form.lead-form .field__error', (els) => els.length), 0, 'the message goes once it is right');
    t.equal((await buttonState(page)).state, 'idle', 'and the button is ready again');
    t.same(problems.all(), []);
  });

  t.test('the broker form on /uw-makelaar', async (t) => {
    const { page, problems } = await newPage(t, browser);
    await open(page, `${url}/uw-makelaar`);
    const labels = await page.$$eval('form.lead-form label', (els) =>
      els.map((l) => [l.textContent, document.getElementById(l.getAttribute('for') ?? '')?.getAttribute('autocomplete')]),
    );
    t.same(
      labels,
      [
        ['First name *', 'given-name'],
        ['Last name *', 'family-name'],
        ['Email *', 'email'],
        ['Phone *', 'tel'],
        ['Postal code (optional)', 'postal-code'],
        ['City (optional)', 'address-level2'],
      ],
      'labelled fields with autocomplete',
    );
    await fill(page, {
      first_name: 'Jan',
      last_name: 'de Vries',
      email: 'jan.broker@example.nl',
      phone: '+31 6 12345678',
      postal_code: '1012 AB',
      city: 'Amsterdam',
    });
    await submit(page);
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('data-result') === 'valid', {}, BUTTON);
    t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS);
    t.match((await leadByEmail('jan.broker@example.nl'))[0], {
      kind: 'broker',
      first_name: 'Jan',
      last_name: 'de Vries',
      postal_code: '1012 AB',
      city: 'Amsterdam',
      page: '/uw-makelaar',
    });
    t.same(problems.all(), []);
  });
});

t.test('sent while an import holds the store: the error says to try again in a minute, and the retry is stored', async (t) => {
  const { store, lock } = await storeWithWriteLock(t);
  const { url } = await startServer(t, { store });
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { allowFailure: (u) => u.endsWith('/api/leads') });
  await open(page, `${url}/contact`);
  const typed = contactValues('ana.busy');
  await fill(page, typed);

  lock.hold();
  await submit(page);
  await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('data-state') === 'done', {}, BUTTON);
  t.equal(await textOf(page, 'form.lead-form .form-status__message'), NETWORK_ERROR, 'the failure of SPEC §8');
  t.equal(await textOf(page, 'form.lead-form .form-status__detail'), msg('errors.storeBusy'), 'and what to do about it');
  t.same(await valuesOf(page, Object.keys(typed)), typed, 'what was typed is still there');

  lock.release();
  await submit(page);
  await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('data-result') === 'valid', {}, BUTTON);
  t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS, 'the retry is thanked');
  t.equal((await store.db.selectFrom('leads').select('id').where('email', '=', 'ana.busy@example.com').execute()).length, 1);
  t.same(problems.all(), []);
});
