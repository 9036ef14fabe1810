// The place field of the search entry as a person uses it, at 390 × 844,
// 800 × 600 and 1366 × 900: by keyboard alone it is a WAI-ARIA combobox (the
// places of a typed name listed under it, Up/Down through them, Enter to
// choose, Escape to close then to empty), a click chooses too, and sending the
// form goes to the chosen place's search inside the page, other filters kept;
// axe finds nothing with the list open. Without JavaScript the same form goes
// to the server, which lists the places a name may mean, on a partner's own
// domain too.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';
import { recordLoads } from '../helpers/on-demand.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import type { PlaceMatchesAnswer } from '../../src/shared/catalogue.ts';

const SCREENS = [
  { name: 'phone', width: 390, height: 844, deviceScaleFactor: 3 },
  { name: 'small window', width: 800, height: 600, deviceScaleFactor: 1 },
  { name: 'laptop', width: 1366, height: 900, deviceScaleFactor: 1 },
];
const FIELD = '#home-search-title-place';
const LIST = '#home-search-title-place-places';

/** What assistive technology reads of the field and its list, and where the list is drawn. */
function comboboxState(page: Page) {
  return page.evaluate(
    (field: string, list: string) => {
      const input = document.querySelector<HTMLInputElement>(field)!;
      const listbox = document.querySelector<HTMLElement>(list);
      const options = [...(listbox?.querySelectorAll<HTMLElement>('[role=option]') ?? [])];
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
      };
      return {
        role: input.getAttribute('role'),
        expanded: input.getAttribute('aria-expanded'),
        controls: input.getAttribute('aria-controls'),
        active: input.getAttribute('aria-activedescendant'),
        value: input.value,
        focused: document.activeElement === input,
        listShown: Boolean(listbox && !listbox.hidden && listbox.getClientRects().length),
        options: options.map((o) => ({
          id: o.id,
          name: o.querySelector('.place-suggestions__name')?.textContent,
          selected: o.ariaSelected,
        })),
        status: document.querySelector('.place-field [role=status]')?.textContent ?? '',
        input: box(input),
        list: listbox && !listbox.hidden ? box(listbox) : null,
        firstOption: options[0] ? box(options[0]) : null,
        viewportWidth: innerWidth,
      };
    },
    FIELD,
    LIST,
  );
}

t.test('the place field is a combobox a keyboard drives', async (t) => {
  const { url } = await startServer(t);
  const found = ((await (await fetch(`${url}/api/places?q=mar`)).json()) as PlaceMatchesAnswer).data;
  t.ok(found.length >= 3, 'the demo has several places for "mar"');
  const browser = await launchBrowser(t);

  for (const screen of SCREENS)
    await t.test(screen.name, async (t) => {
      const { page, problems } = await newPage(t, browser, screen);
      await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
      await page.goto(`${url}/`, { waitUntil: 'load' });
      await waitForHydration(page);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      // Keyboard only: from the field after it, Shift+Tab.
      await page.focus('#home-search-title-cat');
      await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      await page.keyboard.up('Shift');
      t.ok(await page.evaluate((f) => document.activeElement?.matches(f), FIELD), 'the field takes the focus by keyboard');
      await page.keyboard.type('mar');
      await page.waitForFunction((list) => document.querySelectorAll(`${list} [role=option]`).length > 0, {}, LIST);
      let state = await comboboxState(page);
      t.equal(state.role, 'combobox');
      t.equal(state.controls, LIST.slice(1), 'it controls the list');
      t.equal(state.expanded, 'true', 'the list is announced open');
      t.ok(state.listShown, 'and is drawn');
      t.same(
        state.options.map((o) => o.name),
        found.map((p) => p.name),
        "the read's places, in its order",
      );
      t.match(state.status, `${found.length} places found`, 'the count is announced');
      t.equal(state.active, null, 'no option is active before the arrows');
      t.ok(state.list!.top >= state.input.bottom - 1, 'the list opens under the field');
      t.ok(state.list!.left >= 0 && state.list!.right <= state.viewportWidth, 'within the window');
      t.ok(state.firstOption!.height >= 44, `an option is a finger's size (${state.firstOption!.height} px)`);
      t.same(await violations(page), [], 'axe: no violation with the list open');

      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      state = await comboboxState(page);
      t.equal(state.active, state.options[1]!.id, 'Down, Down, Down, Up: the second option is active');
      t.equal(state.options[1]!.selected, 'true');
      t.ok(state.focused, 'the focus stays in the field');

      await page.keyboard.press('Escape');
      state = await comboboxState(page);
      t.equal(state.expanded, 'false', 'Escape closes the list');
      t.equal(state.value, 'mar', 'and keeps the text');
      await page.keyboard.press('Escape');
      t.equal((await comboboxState(page)).value, '', 'a second Escape empties the field');

      await page.keyboard.type('mar');
      await page.waitForFunction((list) => document.querySelectorAll(`${list} [role=option]`).length > 0, {}, LIST);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      state = await comboboxState(page);
      t.equal(state.value, found[1]!.name, 'Enter chooses the active option');
      t.equal(state.expanded, 'false', 'and closes the list');

      await page.select('form.search-entry select[name="priceto"]', '300000');
      await page.focus(FIELD);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => location.pathname.startsWith('/search/'));
      const landed = new URL(page.url());
      t.equal(
        `${landed.pathname}${landed.search}`,
        `/search/${found[1]!.path}?priceto=300000`,
        "the chosen place's search, the budget kept",
      );
      t.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'inside the page, not a reload');
      t.same(problems.all(), [], 'no error on the way');
    });

  await t.test('a click chooses; a name typed and sent without choosing is resolved as the server would', async (t) => {
    const { page, problems } = await newPage(t, browser, SCREENS[0]);
    await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.type(FIELD, 'mar');
    await page.waitForSelector(`${LIST} [role=option]`, { visible: true });
    const [, third] = await page.$$(`${LIST} [role=option]`);
    await page.$$eval(`${LIST} [role=option]`, (options) => options[2]!.scrollIntoView({ block: 'nearest' }));
    await page.click(`${LIST} [role=option]:nth-child(3)`);
    t.ok(third, 'a third option');
    t.equal((await comboboxState(page)).value, found[2]!.name, 'the clicked place');

    await page.$eval(FIELD, (el) => ((el as HTMLInputElement).value = ''));
    await page.type(FIELD, 'mar');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/places');
    await page.waitForSelector('.place-choice__link');
    t.same(
      await page.$$eval('.place-choice__name', (els) => els.map((el) => el.textContent)),
      found.map((p) => p.name),
      'several places: the choice page',
    );
    await page.type('#place-choice-search-place', 'zzz');
    await page.$eval('#place-choice-search-place', (el) => ((el as HTMLInputElement).value = 'torrevieja'));
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.search-entry__submit')]);
    t.equal(new URL(page.url()).pathname, '/search/spain/alicante/torrevieja', 'sent again from the choice page, one place: its search');
    t.same(problems.all(), [], 'no error on the way');
  });
});

t.test("the search page's place form keeps the search's filters, with JavaScript and without", async (t) => {
  const { url } = await startServer(t);
  const found = ((await (await fetch(`${url}/api/places?q=mar`)).json()) as PlaceMatchesAnswer).data;
  const browser = await launchBrowser(t);
  const search = '/search/spain/alicante?cat=1&priceto=300000';
  for (const screen of [SCREENS[0]!, SCREENS[2]!])
    await t.test(screen.name, async (t) => {
      const { page, loads, problems } = await (async () => {
        const opened = await newPage(t, browser, screen);
        return { ...opened, loads: recordLoads(opened.page) };
      })();
      await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
      await page.goto(`${url}${search}`, { waitUntil: 'load' });
      await waitForHydration(page);
      t.same(await loads.scripts('placeSuggestions'), [], 'no suggestions code before the field is used');
      if (await page.$eval('.search-filters-toggle', (b) => (b as HTMLElement).offsetParent !== null))
        await page.click('.search-filters-toggle');
      await page.focus('#search-place');
      await page.keyboard.type('mar');
      await page.waitForSelector('#search-place-places [role=option]', { visible: true });
      t.equal((await loads.scripts('placeSuggestions')).length, 1, 'its code loaded on first use');
      const box = await page.evaluate(() => {
        const form = document.querySelector('.place-name-form')!.getBoundingClientRect();
        const list = document.querySelector('#search-place-places')!.getBoundingClientRect();
        return { formLeft: form.left, formRight: form.right, listLeft: list.left, listRight: list.right, width: innerWidth };
      });
      t.ok(Math.abs(box.listLeft - box.formLeft) < 1 && Math.abs(box.listRight - box.formRight) < 1, 'the suggestions as wide as the form');
      t.ok(box.listRight <= box.width, 'within the window');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.waitForFunction((from) => location.pathname + location.search !== from, {}, search);
      const landed = new URL(page.url());
      t.equal(
        `${landed.pathname}${landed.search}`,
        `/search/${found[0]!.path}?cat=1&priceto=300000`,
        'the place, the type and budget kept',
      );
      t.same(problems.all(), [], 'no error on the way');
    });

  await t.test('without JavaScript', async (t) => {
    const { page, problems } = await newPage(t, browser, { ...SCREENS[0]!, javaScript: false });
    await page.goto(`${url}${search}`, { waitUntil: 'load' });
    await page.type('#search-place', 'mar');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.place-name-form__submit')]);
    const links = await page.$$eval('.place-choice__link', (els) => els.map((el) => (el as HTMLAnchorElement).getAttribute('href')));
    t.same(
      links,
      found.map((p) => `/search/${p.path}?cat=1&priceto=300000`),
      "the choice page's places keep the search's filters",
    );
    t.same(problems.all(), [], 'no error on the way');
  });
});

t.test('without JavaScript the server resolves the typed name', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const port = new URL(url).port;
  for (const origin of [url, `http://costa-casas.localhost:${port}`])
    await t.test(origin, async (t) => {
      const { page, problems } = await newPage(t, browser, { ...SCREENS[0], javaScript: false });
      await page.goto(`${origin}/`, { waitUntil: 'load' });
      const field = (await page.$(FIELD)) ? FIELD : 'form.search-entry input[name="q"]';
      await page.type(field, 'mar');
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('form.search-entry .search-entry__submit')]);
      t.equal(new URL(page.url()).pathname, '/places', 'the choice page');
      const links = await page.$$eval('.place-choice__link', (els) => els.map((el) => (el as HTMLAnchorElement).pathname));
      t.ok(links.length > 1, 'several places');
      t.ok(
        links.every((l) => l.startsWith('/search/')),
        'each a search on this site',
      );
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.place-choice__link')]);
      t.equal(new URL(page.url()).pathname, links[0], "a place's search");
      t.ok(await page.$('#search-results .project-card'), 'with its developments');
      t.same(problems.all(), [], 'no error on the way');
    });
});
