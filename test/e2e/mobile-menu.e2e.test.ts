// The mobile slide-in menu (SPEC §2, §9): the toggle opens it on screen, 360 px
// wide, 300 px below 480 px; Escape, a tap beside it and its close button shut
// it; following one of its links navigates and shuts it.
import t, { type Test } from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { STEP_TIMEOUT_MS, waitFor } from '../helpers/wait.ts';
import { MOBILE_MENU_NARROW_PX, MOBILE_MENU_PX } from '../../src/shared/constants.ts';
import { t as msg } from '../../src/shared/i18n.ts';
import { telHref } from '../../src/shared/phone.ts';

const TOGGLE = 'header.site-header button.menu-toggle';
const MENU = 'nav#mobile-menu';

interface MenuState {
  expanded: string | null;
  open: boolean;
  ariaHidden: string | null;
  rect: { left: number; right: number; top: number; bottom: number; width: number };
  viewport: { width: number; height: number };
  /** Fully inside the viewport, displayed, visible and not transparent. */
  onScreen: boolean;
  /** Not seen at all: outside the viewport, not displayed, hidden or transparent. */
  offScreen: boolean;
  /** No transition or animation running on the menu. */
  settled: boolean;
}

function menuState(page: Page): Promise<MenuState> {
  return page.evaluate(
    (toggleSel: string, menuSel: string) => {
      const menu = document.querySelector(menuSel) as HTMLElement;
      const r = menu.getBoundingClientRect();
      const style = getComputedStyle(menu);
      const shown = style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0 && r.width > 0 && r.height > 0;
      const vw = document.documentElement.clientWidth;
      const vh = window.innerHeight;
      const inside = r.left >= -0.5 && r.right <= vw + 0.5 && r.top >= -0.5 && r.top < vh;
      const outside = r.right <= 0.5 || r.left >= vw - 0.5 || r.bottom <= 0.5 || r.top >= vh - 0.5;
      return {
        expanded: document.querySelector(toggleSel)?.getAttribute('aria-expanded') ?? null,
        open: menu.classList.contains('is-open'),
        ariaHidden: menu.getAttribute('aria-hidden'),
        rect: { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width },
        viewport: { width: vw, height: vh },
        onScreen: shown && inside,
        offScreen: !shown || outside,
        settled: menu.getAnimations().every((a) => a.playState !== 'running'),
      };
    },
    TOGGLE,
    MENU,
  );
}

/** Waits, bounded, for the slide-in or slide-out transition to finish; the state it ended in either way, for the checks to report. */
async function waitForMenu(page: Page, want: 'onScreen' | 'offScreen'): Promise<MenuState> {
  const done = async () => {
    const state = await menuState(page);
    return state.settled && state[want] && state;
  };
  return waitFor(`the menu ${want}`, done, STEP_TIMEOUT_MS).catch(() => menuState(page));
}

async function openMenu(t: Test, page: Page): Promise<MenuState> {
  await page.click(TOGGLE);
  const state = await waitForMenu(page, 'onScreen');
  t.equal(state.expanded, 'true', 'the toggle says the menu is expanded');
  t.ok(state.open, 'the menu has class is-open');
  t.equal(state.ariaHidden, 'false', 'the menu is exposed to assistive technology');
  t.ok(state.onScreen, `the open menu is fully on screen (box ${JSON.stringify(state.rect)} in ${JSON.stringify(state.viewport)})`);
  return state;
}

async function expectClosed(t: Test, page: Page, how: string): Promise<void> {
  await page
    .waitForFunction(
      (sel: string) => document.querySelector(sel)?.getAttribute('aria-expanded') === 'false',
      { timeout: STEP_TIMEOUT_MS },
      TOGGLE,
    )
    .catch(() => {}); // the assertions below say what is wrong
  const state = await waitForMenu(page, 'offScreen');
  t.equal(state.expanded, 'false', `${how}: the toggle says the menu is collapsed`);
  t.notOk(state.open, `${how}: the menu lost class is-open`);
  t.equal(state.ariaHidden, 'true', `${how}: the menu is hidden from assistive technology`);
  t.ok(state.offScreen, `${how}: the closed menu is not on screen (box ${JSON.stringify(state.rect)})`);
}

t.test('the mobile menu', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  t.test('at 375 px it opens 300 px wide and closes with Escape, a tap beside it, and its close button', async (t) => {
    const { page, problems } = await newPage(t, browser, { width: 375, height: 740 });
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await waitForHydration(page);

    const toggle = await page.$(TOGGLE);
    t.ok(await toggle?.isVisible(), 'the menu toggle is visible at 375 px');
    const start = await menuState(page);
    t.equal(start.expanded, 'false', 'the menu starts collapsed');
    t.ok(start.offScreen, `the menu starts off screen (box ${JSON.stringify(start.rect)})`);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    t.ok(widths.scroll <= widths.client, `the hidden menu does not make the page scroll sideways (${widths.scroll} > ${widths.client})`);

    const open = await openMenu(t, page);
    t.equal(Math.round(open.rect.width), MOBILE_MENU_NARROW_PX, `below 480 px the menu is ${MOBILE_MENU_NARROW_PX} px wide`);
    t.ok(
      await page.$eval(MENU, (m) => [...m.querySelectorAll('a')].some((a) => a.getAttribute('href') === '/franchise')),
      'the menu lists the site pages',
    );

    await page.keyboard.press('Escape');
    await expectClosed(t, page, 'Escape');
    t.ok(await page.$eval(TOGGLE, (b) => b === document.activeElement), 'Escape returns the focus to the toggle');

    const again = await openMenu(t, page);
    // A tap on the part of the screen the menu leaves uncovered (the backdrop).
    const x =
      again.rect.left > again.viewport.width - again.rect.right
        ? Math.max(2, again.rect.left / 2)
        : (again.rect.right + again.viewport.width) / 2;
    await page.mouse.click(x, Math.round(again.viewport.height / 2));
    await expectClosed(t, page, 'a tap beside the menu');

    await openMenu(t, page);
    const close = await page.$(`${MENU} button`);
    t.ok(close, 'the menu has a close button');
    t.equal(
      await close?.evaluate((b) => b.textContent?.replace('×', '').trim()),
      msg('nav.close'),
      'the close button is labelled for screen readers',
    );
    await close?.click();
    await expectClosed(t, page, 'the close button');

    t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
  });

  t.test('the menu has the contact links; a link in it navigates and closes the menu', async (t) => {
    const { page, problems } = await newPage(t, browser, { width: 375, height: 740 });
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    await openMenu(t, page);
    t.same(
      await page.$$eval(`${MENU} .mobile-menu__contact a`, (as) => as.map((a) => [a.getAttribute('href'), a.textContent])),
      [
        [telHref(msg('office.phone')), msg('office.phone')],
        [`mailto:${msg('office.email')}`, msg('office.email')],
      ],
      "the office's phone and e-mail, as links to call and to write",
    );
    await page.click(`${MENU} a[href="/franchise"]`);
    await page.waitForFunction(() => window.location.pathname === '/franchise');
    await expectClosed(t, page, 'following a link');
    t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
  });

  t.test(`from 480 px the menu is ${MOBILE_MENU_PX} px wide`, async (t) => {
    const { page } = await newPage(t, browser, { width: 600, height: 800 });
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    const open = await openMenu(t, page);
    t.equal(Math.round(open.rect.width), MOBILE_MENU_PX, `at 600 px the menu is ${MOBILE_MENU_PX} px wide`);
  });
});
