// The lead forms with JavaScript disabled in Chromium (issue 10): the contact,
// broker and property forms, on the main site, a partner's path and its own
// domain, at phone, tablet and desktop sizes. The visitor clicks the button,
// the browser posts the form to the page, and the page that answers shows
// 'Thanks you for your request' or the messages under the fields with what
// was typed; the lead is read back from its mail file (DATA_DIR/mail). With
// JavaScript on, a page that answered such a POST hydrates cleanly, and the
// form goes on sending through the API as before.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, textOf, waitForHydration, within } from '../helpers/browser.ts';
import { parseEml } from '../server/leads/helpers.ts';
import { t as msg } from '../../src/shared/i18n.ts';

const THANKS = 'Thanks you for your request';
const BUTTON = 'form.lead-form button[type=submit]';
const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 768, height: 1024 }, desktop: { width: 1280, height: 800 } };

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const field = `form.lead-form [name="${name}"]`;
    // Select what is there, so typing replaces it.
    await page.$eval(field, (el) => (el as HTMLInputElement).select());
    if (value) await page.type(field, value);
    else await page.keyboard.press('Backspace');
  }
}

/** Clicks the button and waits for the page the server answers with; its status. */
async function submit(page: Page): Promise<number | null> {
  await page.$eval(BUTTON, (b) => b.scrollIntoView({ block: 'center' }));
  const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(BUTTON)]);
  return response?.status() ?? null;
}

async function valuesOf(page: Page, names: string[]): Promise<Record<string, string>> {
  return page.$eval(
    'form.lead-form',
    (form, names) => Object.fromEntries(names.map((n) => [n, (form.querySelector(`[name="${n}"]`) as HTMLInputElement).value])),
    names,
  );
}

/** The message under each field that has one, by the field's name. */
async function errorsOf(page: Page): Promise<Record<string, string>> {
  return page.$$eval('form.lead-form [aria-invalid="true"]', (els) =>
    Object.fromEntries(
      els.map((el) => [el.getAttribute('name'), document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '']),
    ),
  );
}

t.test('lead forms without JavaScript', async (t) => {
  const { app, url } = await startServer(t);
  const port = new URL(url).port;
  const ownDomain = `http://costa-casas.localhost:${port}`;
  const browser = await launchBrowser(t);
  const db = app.store.db;
  const mailDir = path.join(app.config.DATA_DIR, 'mail');
  const costa = await db.selectFrom('partners').select('id').where('slug', '=', 'costa-casas').executeTakeFirstOrThrow();
  const project = (await app.inject(`/api/properties?account_id=1&partner=costa-casas&per_page=1`)).json().data[0] as {
    id: number;
    name: string;
  };

  /** The lead sent with this email, and its mail as the outbox wrote it. */
  async function leadMail(email: string) {
    const leads = await db.selectFrom('leads').selectAll().where('email', '=', email).execute();
    if (leads.length !== 1) throw new Error(`${leads.length} leads from ${email}`);
    const file = path.join(mailDir, `lead-${leads[0]!.id}.eml`);
    await within(
      (async () => {
        while (!fs.existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 50));
      })(),
      `the mail file ${file}`,
    );
    return { lead: leads[0]!, mail: parseEml(fs.readFileSync(file, 'utf8')) };
  }

  t.test('the contact form on the main site (desktop): the thanks, and the lead in its mail', async (t) => {
    const { page, problems } = await newPage(t, browser, { javaScript: false, ...SIZES.desktop });
    await page.goto(`${url}/contact`, { waitUntil: 'load' });
    t.equal(await page.$eval(BUTTON, (b) => (b as HTMLButtonElement).disabled), false, 'the button can be pressed');
    await fill(page, {
      name: 'Ana García',
      phone: '+34 600 12 34 56',
      email: 'ana.nojs@example.com',
      subject: 'A villa',
      message: 'Hello,\nwe would like to visit in May.',
    });
    t.equal(await submit(page), 200);
    t.equal(new URL(page.url()).pathname, '/contact', 'the same page');
    t.equal(new URL(page.url()).hash, '#lead-contact', 'scrolled to the form');
    t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS);
    t.equal(await page.$eval(BUTTON, (b) => b.getAttribute('data-result')), 'valid', 'the button shows the valid icon');
    t.same(await valuesOf(page, ['name', 'email', 'message']), { name: '', email: '', message: '' }, 'the form is ready for a new request');

    const { lead, mail } = await leadMail('ana.nojs@example.com');
    t.match(lead, { kind: 'contact', partner_id: null, page: '/contact' });
    t.match(lead.user_agent, /Chrome/);
    t.equal(mail.header('to'), 'info@spainnewhomes.example', 'to the office');
    t.match(mail.body, 'Ana García');
    t.match(mail.body, 'Hello,\nwe would like to visit in May.', 'the message with its line break');
    t.same(problems.all(), [], 'no failed request or CSP violation');
  });

  t.test("the broker form on a partner's path (tablet): the errors with what was typed, then the thanks", async (t) => {
    const { page, problems } = await newPage(t, browser, { javaScript: false, ...SIZES.tablet, allowStatus: [422] });
    await page.goto(`${url}/costa-casas/uw-makelaar`, { waitUntil: 'load' });
    const typed = {
      first_name: 'Jan',
      last_name: '',
      email: 'jan.nojs@',
      phone: '+31 6 12345678',
      postal_code: '1012 AB',
      city: 'Amsterdam',
    };
    await fill(page, typed);
    t.equal(await submit(page), 422, 'not stored: 422');
    t.same(
      await errorsOf(page),
      { last_name: msg('forms.errors.required'), email: msg('forms.errors.email') },
      'the message next to each wrong field',
    );
    t.same(await valuesOf(page, Object.keys(typed)), typed, 'every value as typed');
    t.equal(await textOf(page, 'form.lead-form .form-status'), msg('forms.errors.summary'));
    t.equal(await db.selectFrom('leads').select('id').where('email', 'like', 'jan.nojs%').executeTakeFirst(), undefined, 'nothing stored');

    await fill(page, { last_name: 'de Vries', email: 'jan.nojs@example.nl' });
    t.equal(await submit(page), 200);
    t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS);
    t.same(await errorsOf(page), {}, 'no message left');
    const { lead, mail } = await leadMail('jan.nojs@example.nl');
    t.match(lead, {
      kind: 'broker',
      partner_id: costa.id,
      page: '/costa-casas/uw-makelaar',
      first_name: 'Jan',
      last_name: 'de Vries',
      city: 'Amsterdam',
    });
    t.equal(mail.header('to'), 'info@costa-casas.example', 'to the partner');
    t.match(mail.body, 'de Vries');
    t.same(problems.all(), []);
  });

  t.test("the property form on the partner's own domain (phone)", async (t) => {
    const { page, problems } = await newPage(t, browser, { javaScript: false, ...SIZES.phone });
    await page.goto(`${ownDomain}/for-sale/${project.id}`, { waitUntil: 'load' });
    await fill(page, { name: 'Lena Berg', email: 'lena.nojs@example.se', message: 'Is the penthouse still available?' });
    t.equal(await submit(page), 200);
    t.equal(page.url(), `${ownDomain}/for-sale/${project.id}#lead-property-${project.id}`, 'the same page, at the form');
    t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS);
    const inView = await page.$eval('form.lead-form', (f) => {
      const r = f.getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
    t.ok(inView, 'the form is in view on the answer page');
    const { lead, mail } = await leadMail('lena.nojs@example.se');
    t.match(lead, { kind: 'property', partner_id: costa.id, project_id: project.id, page: `/for-sale/${project.id}`, phone: null });
    t.equal(mail.header('to'), 'info@costa-casas.example');
    t.match(mail.body, 'Is the penthouse still available?');
    t.same(problems.all(), []);
  });

  t.test('reloading the thanks page sends the same POST again: stored once', async (t) => {
    const { page } = await newPage(t, browser, { javaScript: false });
    await page.goto(`${url}/costa-casas/contact`, { waitUntil: 'load' });
    await fill(page, { name: 'Re Load', email: 'reload.nojs@example.com', subject: 'Twice?', message: 'Once.' });
    t.equal(await submit(page), 200);
    // Chromium's reload of a POST answer re-posts the same body (the dialog is a visitor's "Continue").
    const again = await page.reload({ waitUntil: 'load' });
    t.equal(again?.request().method(), 'POST', 'the reload re-posted');
    t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS);
    const leads = await db.selectFrom('leads').select('id').where('email', '=', 'reload.nojs@example.com').execute();
    t.equal(leads.length, 1, 'one lead');
  });
});

t.test('lead forms with JavaScript, on a page that answered a POST', async (t) => {
  const { app, url } = await startServer(t);
  const browser = await launchBrowser(t);
  const db = app.store.db;
  const isLeadApi = (r: HTTPRequest) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/leads';

  t.test('the answer page hydrates without a mismatch, keeps the errors, and then sends through the API', async (t) => {
    const { page, problems } = await newPage(t, browser, { allowStatus: [422] });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${url}/sol-homes/contact`, { waitUntil: 'load' });
    await waitForHydration(page);
    // The form as the browser sends it itself (pressed before the code ran): submit() skips the page's handler.
    await page.$eval('form.lead-form', (form) => {
      (form.querySelector('[name="name"]') as HTMLInputElement).value = 'Ana Hydra';
      (form.querySelector('[name="email"]') as HTMLInputElement).value = 'ana.hydra@';
      (form as HTMLFormElement).submit();
    });
    const response = await page.waitForNavigation({ waitUntil: 'load' });
    t.equal(response?.status(), 422);
    await waitForHydration(page);
    t.same(
      await errorsOf(page),
      {
        email: msg('forms.errors.email'),
        subject: msg('forms.errors.required'),
        message: msg('forms.errors.required'),
      },
      'the messages stay after hydration',
    );
    t.equal(await page.$eval('form.lead-form [name="name"]', (el) => (el as HTMLInputElement).value), 'Ana Hydra', 'and the values');

    await fill(page, { email: 'ana.hydra@example.com', subject: 'Hydrated', message: 'Sent by the page.' });
    await page.$eval(BUTTON, (b) => b.scrollIntoView({ block: 'center' }));
    await page.click(BUTTON);
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('data-result') === 'valid', {}, BUTTON);
    t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS);
    t.same(posts, ['/sol-homes/contact', '/api/leads'], 'the first POST by the browser, the second by the page, through the API');
    const sol = await db.selectFrom('partners').select('id').where('slug', '=', 'sol-homes').executeTakeFirstOrThrow();
    t.match(await db.selectFrom('leads').selectAll().where('email', '=', 'ana.hydra@example.com').executeTakeFirst(), {
      partner_id: sol.id,
      subject: 'Hydrated',
      page: '/sol-homes/contact',
    });
    t.same(problems.all(), [], 'no hydration error or failed request');
  });

  t.test('the broker form sends through the API without leaving the page, as before', async (t) => {
    const { page, problems } = await newPage(t, browser);
    let apiPosts = 0;
    let documents = 0;
    page.on('request', (r) => {
      if (isLeadApi(r)) apiPosts++;
      if (r.isNavigationRequest()) documents++;
    });
    await page.goto(`${url}/uw-makelaar`, { waitUntil: 'load' });
    await waitForHydration(page);
    await fill(page, { first_name: 'Jan', last_name: 'Script', email: 'jan.js@example.nl', phone: '+31 6 12345678' });
    await page.$eval(BUTTON, (b) => b.scrollIntoView({ block: 'center' }));
    await page.click(BUTTON);
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('data-result') === 'valid', {}, BUTTON);
    t.equal(await textOf(page, 'form.lead-form .form-status'), THANKS);
    t.equal(apiPosts, 1, 'one POST /api/leads');
    t.equal(documents, 1, 'no page load after the first');
    t.match(await db.selectFrom('leads').selectAll().where('email', '=', 'jan.js@example.nl').executeTakeFirst(), {
      kind: 'broker',
      last_name: 'Script',
    });
    t.same(problems.all(), []);
  });
});
