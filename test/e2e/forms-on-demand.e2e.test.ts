// The forms' code loads when a form is first used, in Chromium at a phone's
// size: the lead and save-search forms load no checking code before they are
// used; what was typed before the code arrived and the focus stay; a form sent
// before its code arrived is sent by the code, once; a form whose code fails
// to load is sent by the browser, as without JavaScript.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { LOCAL_TILES, propertyWithPictures, PHONE, open, holdScripts, failScripts, box } from '../helpers/on-demand.ts';

t.test('forms whose code loads on first use', async (t) => {
  const { url } = await startServer(t, { env: { MAP_TILE_URL: LOCAL_TILES } });
  const browser = await launchBrowser(t);
  const id = await propertyWithPictures(url);

  t.test('the lead form: no checking code before it is used, then it checks and sends', async (t) => {
    const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
    t.same(await loads.scripts('checking'), [], 'no superstruct on the property page before the form is used');
    const form = `form#lead-property-${id}`;
    await page.$eval(form, (el) => el.scrollIntoView({ block: 'center' }));
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction(
      (sel: string) => document.querySelector(sel)?.textContent === 'Please check the marked fields.',
      {},
      `${form} .form-status`,
    );
    t.equal((await loads.scripts('checking')).length, 1, 'sending the empty form loaded the checking once');
    t.ok(await page.$eval(`${form} [name="name"]`, (el) => el === document.activeElement), 'the focus is on the first wrong field');
    await page.type(`${form} [name="name"]`, 'Ana Lazy');
    await page.type(`${form} [name="email"]`, 'ana.lazy@example.com');
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.textContent?.startsWith('Thank'), {}, `${form} .form-status`);
    t.equal((await loads.scripts('checking')).length, 1, 'and nothing more when it is sent');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the save-search form: no checking code before it is used, then it checks the address and saves', async (t) => {
    const { page, loads, problems } = await open(t, browser, url, '/search/spain', PHONE, { saveData: true });
    t.same(await loads.scripts('checking'), [], 'no superstruct on the search page before the form is used');
    await page.click('details.save-search > summary');
    await page.waitForSelector('form.save-search__form [name="email"]');
    await page.type('form.save-search__form [name="email"]', 'not-an-address');
    await page.click('form.save-search__form button[type=submit]');
    await page.waitForSelector('form.save-search__form .field__error');
    t.equal((await loads.scripts('checking')).length, 1, 'the checking loaded with the first sending');
    const [field, describedBy] = await page.$eval('form.save-search__form [name="email"]', (el) => [
      el.id,
      el.getAttribute('aria-describedby'),
    ]);
    t.equal(describedBy, field!.replace(/-email$/, '-error'), "the message's id is named as the server named the field's");
    await page.click('form.save-search__form [name="email"]', { count: 3 });
    await page.type('form.save-search__form [name="email"]', 'lazy.saver@example.com');
    await page.click('form.save-search__form button[type=submit]');
    await page.waitForSelector('.save-search__done');
    t.match(await page.$eval('.save-search__done', (el) => el.textContent), /lazy\.saver@example\.com/, 'saved');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the save-search form sent twice while its checking is on the way: saved once', async (t) => {
    const { page, problems } = await open(t, browser, url, '/search/spain', PHONE, { saveData: true });
    await page.click('details.save-search > summary');
    await page.waitForSelector('form.save-search__form [name="email"]');
    await page.type('form.save-search__form [name="email"]', 'twice.saver@example.com');
    await page.waitForSelector('form.save-search__form[novalidate]');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/saved-searches') posts.push(r.url());
    });
    const scripts = holdScripts(page);
    await scripts.start();
    await page.click('form.save-search__form button[type=submit]');
    await page.click('form.save-search__form button[type=submit]');
    await scripts.release();
    await page.waitForSelector('.save-search__done');
    await page.waitForNetworkIdle({ idleTime: 500 });
    t.equal(posts.length, 1, 'one POST');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the lead form: its code on first focus; what was typed before it arrived and the focus stay', async (t) => {
    const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
    t.same(await loads.scripts('leadForm'), [], 'no lead form code before it is used');
    const scripts = holdScripts(page);
    await scripts.start();
    const form = `form#lead-property-${id}`;
    const name = `${form} [name="name"]`;
    await page.$eval(form, (el) => el.scrollIntoView({ block: 'center' }));
    await page.focus(name);
    await page.type(name, 'Ana');
    t.same(await loads.scripts('leadForm'), [], 'typed while its code is on the way');
    await scripts.release();
    await page.waitForNetworkIdle({ idleTime: 500 });
    t.equal((await loads.scripts('leadForm')).length, 1, 'the code loaded on the first focus');
    t.ok(await page.$eval(name, (el) => el === document.activeElement), 'the focus stayed in the field');
    await page.type(name, ' Lazy');
    await page.type(`${form} [name="email"]`, 'ana.lazy@example.com');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/leads');
    await page.click(`${form} button[type=submit]`);
    t.match(
      JSON.parse((await sent).postData() ?? '{}'),
      { name: 'Ana Lazy', email: 'ana.lazy@example.com' },
      'sent with all that was typed',
    );
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.textContent?.startsWith('Thank'), {}, `${form} .form-status`);
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the lead form sent before its code arrived: sent by the code, in the page', async (t) => {
    const { page, problems } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
    const scripts = holdScripts(page);
    await scripts.start();
    const form = `form#lead-property-${id}`;
    await page.$eval(form, (el) => el.scrollIntoView({ block: 'center' }));
    await page.type(`${form} [name="name"]`, 'Early Sender');
    await page.type(`${form} [name="email"]`, 'early@example.com');
    const before = page.url();
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/leads');
    await page.click(`${form} button[type=submit]`);
    await scripts.release();
    t.match(JSON.parse((await sent).postData() ?? '{}'), { name: 'Early Sender' }, 'sent by the page, with what was typed');
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.textContent?.startsWith('Thank'), {}, `${form} .form-status`);
    t.equal(page.url(), before, 'no page load');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the lead form whose code fails to load: sent by the browser, as without JavaScript', async (t) => {
    const { page } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
    await failScripts(page);
    const form = `form#lead-property-${id}`;
    await page.$eval(form, (el) => el.scrollIntoView({ block: 'center' }));
    await page.focus(`${form} [name="name"]`);
    await page.waitForNetworkIdle({ idleTime: 500 });
    await page.type(`${form} [name="name"]`, 'Failed Loader');
    await page.type(`${form} [name="email"]`, 'failed.loader@example.com');
    const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(`${form} button[type=submit]`)]);
    t.equal(response?.status(), 200, "the server's answer to the form");
    t.match(await page.$eval(`${form} .form-status`, (el) => el.textContent), /^Thank/, 'sent');
  });

  t.test(
    "the property page's facts, units table, description and details: the server's, without their code; rendered by the browser after a client navigation",
    async (t) => {
      const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
      t.ok(await page.$('.units-table tbody tr'), "the server's table is there");
      await page.$eval('.units-table', (el) => el.scrollIntoView({ block: 'center' }));
      await page.waitForNetworkIdle({ idleTime: 500 });
      t.same(await loads.scripts('unitsTable'), [], 'no table code, even with the table on screen');
      t.ok(await page.$('.key-facts__item'), "the server's key facts are there");
      t.ok(await page.$('.project-details__item'), 'and its project details');
      t.same(await loads.scripts('keyFacts'), [], 'without their code');
      t.same(await loads.scripts('projectDetails'), []);
      t.ok(await page.$('.property-description__body'), 'its description');
      t.same(await loads.scripts('description'), [], 'without its code (which names a language with Intl)');
      const row = await box(page, '.units-table tbody tr');
      await page.touchscreen.touchStart(row.x + row.width / 2, row.y - (await page.evaluate(() => window.scrollY)) + row.height / 2);
      await page.touchscreen.touchEnd();
      await page.click('.units-table tbody tr');
      await page.waitForNetworkIdle({ idleTime: 500 });
      t.same(await loads.scripts('unitsTable'), [], 'nor after a touch and a press on it');
      const links = await page.$$eval('a[href^="/for-sale/"]', (as) => as.map((a) => a.getAttribute('href')!));
      let other: string | undefined;
      for (const href of links.filter((h) => h !== `/for-sale/${id}`)) {
        const res = await fetch(`${url}/api/project/units?id=${href.split('/').pop()}`);
        if (res.ok && ((await res.json()) as { data: unknown[] }).data.length > 0) other = href;
        if (other) break;
      }
      if (!other) throw new Error('no link to another property with units');
      // Each part draws when its own chunk arrives: wait for the new page's, not the old page's.
      const parts = ['.units-table', '.key-facts__list', '.project-details', '.property-description__body'];
      for (const part of parts) await page.$eval(part, (el) => el.setAttribute('data-old', ''));
      await page.$eval(`a[href="${other}"]`, (a) => (a as HTMLAnchorElement).click());
      await page.waitForSelector('.units-table:not([data-old]) tbody tr');
      t.equal((await loads.scripts('unitsTable')).length, 1, 'after a client navigation its code loaded and drew the table');
      await page.waitForSelector('.key-facts__list:not([data-old]) .key-facts__item');
      t.equal((await loads.scripts('keyFacts')).length, 1, 'and the key facts');
      await page.waitForSelector('.project-details:not([data-old]) .project-details__item');
      t.equal((await loads.scripts('projectDetails')).length, 1, 'and the details');
      await page.waitForSelector('.property-description__body:not([data-old])');
      t.equal((await loads.scripts('description')).length, 1, 'and the description');
      t.same(problems.all(), [], 'no console errors');
    },
  );
});
