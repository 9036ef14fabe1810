// The cookie consent (SPEC §4, §9), as a visitor meets it: the bar after
// hydration only (the server's HTML is the same for everyone), its four
// choices, the settings dialog with its unsaved-settings warning, the cookie
// that remembers the choice for a year, the footer's way back in, and no
// tracking entry and no request to another site before consent.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import t, { type Test } from 'tap';
import type { ElementHandle, Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration, type Problems } from '../helpers/browser.ts';
import { t as msg, type MessageKey } from '../../src/shared/i18n.ts';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, parseConsent } from '../../src/shared/consent.ts';

const BAR = 'section.cookie-bar';
const DIALOG = 'dialog.cookie-modal';
const FOOTER_BUTTON = 'footer.site-footer button.consent-link';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings inside `selector` (evaluated over CDP, so the CSP does not stop it). */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (sel: string) => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: unknown): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }> }> };
      }
    ).axe;
    const result = await axe.run({ include: [sel] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, selector);
}

/** The button in `scope` whose text is the message `key`. */
async function button(page: Page, scope: string, key: MessageKey): Promise<ElementHandle<HTMLButtonElement>> {
  const text = msg(key);
  await page.waitForFunction(
    (sel: string, label: string) => [...document.querySelectorAll(`${sel} button`)].some((b) => b.textContent?.trim() === label),
    {},
    scope,
    text,
  );
  const handle = await page.evaluateHandle(
    (sel: string, label: string) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${sel} button`)].find((b) => b.textContent?.trim() === label)!,
    scope,
    text,
  );
  return handle as ElementHandle<HTMLButtonElement>;
}

/** The consent cookie as the browser stores it, or undefined. */
async function consentCookie(page: Page) {
  const cookies = await page.browserContext().cookies();
  return cookies.find((c) => c.name === CONSENT_COOKIE);
}

const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? null);

/**
 * Waits for hydration, then for the render after it that reads the stored
 * choice (the bar is shown in it, sliding in): two frames, then the end of
 * every animation started. Not network idle, which a loaded machine's
 * pictures kept away past 30 s (CI).
 */
async function settle(page: Page) {
  await waitForHydration(page);
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
}

interface Visit {
  page: Page;
  problems: Problems;
  /** Every address the page requested. */
  requests: string[];
}

async function firstVisit(t: Test, browser: Browser, url: string, path = '/', size = { width: 375, height: 740 }): Promise<Visit> {
  const { page, problems } = await newPage(t, browser, size);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const response = await page.goto(`${url}${path}`, { waitUntil: 'load' });
  t.equal(response?.status(), 200, `${path} answers 200`);
  const html = (await response?.text()) ?? '';
  t.notOk(html.includes('cookie-bar'), 'the server renders no bar: its HTML is the same with or without a choice');
  await settle(page);
  return { page, problems, requests };
}

t.test('cookie consent', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const origin = new URL(url).origin;

  t.test('a first visit on a phone: the bar, nothing tracked, nothing from another site; Accept all is remembered', async (t) => {
    const { page, problems, requests } = await firstVisit(t, browser, url);

    await page.waitForSelector(BAR, { visible: true });
    t.equal(
      await page.$eval(BAR, (el) => el.getAttribute('aria-label')),
      msg('consent.barLabel'),
      'the bar is a region labelled for screen readers',
    );
    t.equal(await page.$eval(BAR, (el) => el.querySelector('p')?.textContent), msg('consent.text'), 'the bar says what cookies are for');
    const labels = await page.$$eval(`${BAR} button`, (bs) => bs.map((b) => [b.tagName, b.getAttribute('type'), b.textContent?.trim()]));
    t.same(
      labels,
      (['consent.acceptAll', 'consent.declineAll', 'consent.necessaryOnly', 'consent.manage'] as const).map((k) => [
        'BUTTON',
        'button',
        msg(k),
      ]),
      'four real buttons: accept all, decline all, necessary only, manage cookies',
    );

    // Refusing is as easy as accepting: the same look, the same size.
    const boxes = await page.$$eval(`${BAR} button`, (bs) =>
      bs.map((b) => {
        const r = b.getBoundingClientRect();
        return {
          className: b.className,
          width: Math.round(r.width),
          height: Math.round(r.height),
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
        };
      }),
    );
    t.equal(boxes[1]!.className, boxes[0]!.className, 'Decline all looks like Accept all');
    t.equal(boxes[1]!.width, boxes[0]!.width, 'Decline all is as wide as Accept all');
    t.equal(boxes[1]!.height, boxes[0]!.height, 'Decline all is as tall as Accept all');

    // It fits a 375 px screen and leaves the header usable.
    const fit = await page.evaluate((bar: string) => {
      const r = document.querySelector(bar)!.getBoundingClientRect();
      const toggle = document.querySelector('header.site-header button.menu-toggle')!.getBoundingClientRect();
      const hit = document.elementFromPoint(toggle.left + toggle.width / 2, toggle.top + toggle.height / 2);
      return {
        bar: { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height },
        viewport: { width: document.documentElement.clientWidth, height: window.innerHeight },
        scrollWidth: document.documentElement.scrollWidth,
        toggleFree: !!hit?.closest('button.menu-toggle'),
      };
    }, BAR);
    t.ok(fit.bar.left >= 0 && fit.bar.right <= fit.viewport.width, `the bar is as wide as the screen at most (${JSON.stringify(fit.bar)})`);
    t.ok(Math.abs(fit.bar.bottom - fit.viewport.height) < 1, 'the bar sits at the bottom of the screen');
    t.ok(fit.bar.height < fit.viewport.height / 2, `the bar takes less than half of the screen (${Math.round(fit.bar.height)} px)`);
    t.ok(fit.scrollWidth <= fit.viewport.width, 'nothing makes the page scroll sideways');
    for (const box of boxes)
      t.ok(
        box.left >= 0 && box.right <= fit.viewport.width && box.bottom <= fit.viewport.height,
        `a button is fully on screen (${JSON.stringify(box)})`,
      );
    t.ok(fit.toggleFree, 'the menu toggle is not covered');

    t.same(await axeProblems(page, BAR), [], 'axe-core finds no serious or critical problem in the bar');

    t.equal(await dataLayer(page), null, 'before a choice nothing is tracked: no dataLayer at all');
    t.equal(await consentCookie(page), undefined, 'before a choice no consent cookie');
    t.equal(await page.$('iframe'), null, 'no embedded content');

    await (await button(page, BAR, 'consent.acceptAll')).click();
    await page.waitForSelector(BAR, { hidden: true });
    t.pass('Accept all closes the bar');
    t.ok(await page.evaluate(() => document.activeElement?.id === 'main'), 'the focus moves to the page, not lost with the bar');

    const cookie = await consentCookie(page);
    t.ok(cookie, 'the choice is stored in a cookie');
    const stored = parseConsent(cookie?.value);
    t.match(stored, { optional: true, functional: true }, 'accepted all: optional and functional');
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    t.ok(Math.abs(lifetime - CONSENT_MAX_AGE_SECONDS) < 3600, `the cookie lasts one year (${Math.round(lifetime / 86400)} days)`);
    t.equal(cookie?.path, '/', 'for the whole site');
    t.equal(cookie?.sameSite, 'Lax', 'SameSite=Lax');
    t.equal(cookie?.secure, false, 'not Secure over plain http (it is over https)');
    t.equal(cookie?.httpOnly, false, 'readable by the page, which decides what to show');
    t.equal(cookie?.domain, new URL(url).hostname, 'first party: this host only');

    t.match(
      await dataLayer(page),
      [{ event: 'consent_update', optional: true, functional: true }],
      'with consent, the choice itself is the first dataLayer entry',
    );

    // The document, not every picture: on a loaded machine a reload's 'load' waited past 30 s (CI, twice).
    await page.reload({ waitUntil: 'domcontentloaded' });
    await settle(page);
    t.equal(await page.$(BAR), null, 'after a reload the bar does not come back');

    const cookies = (await page.browserContext().cookies()).map((c) => c.name);
    t.same(cookies, [CONSENT_COOKIE], 'the consent cookie is the only cookie the site set');
    t.same(
      requests.filter((r) => new URL(r).origin !== origin),
      [],
      'no request to another site',
    );
    t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
  });

  for (const choice of ['consent.declineAll', 'consent.necessaryOnly'] as const) {
    t.test(`${msg(choice)} is remembered, and nothing is ever tracked`, async (t) => {
      const { page, problems } = await firstVisit(t, browser, url, '/franchise', { width: 1280, height: 800 });
      await page.waitForSelector(BAR, { visible: true });
      await (await button(page, BAR, choice)).click();
      await page.waitForSelector(BAR, { hidden: true });
      t.match(
        parseConsent((await consentCookie(page))?.value),
        { optional: false, functional: false },
        'necessary only: optional and functional off',
      );
      t.equal(await dataLayer(page), null, 'nothing tracked, not even the choice');
      await page.reload({ waitUntil: 'load' });
      await settle(page);
      t.equal(await page.$(BAR), null, 'after a reload the bar stays away');
      t.equal(await dataLayer(page), null, 'still nothing tracked');
      t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
    });
  }

  t.test('Manage cookies: a modal dialog with the three categories, the unsaved warning, and a saved selection', async (t) => {
    const { page, problems } = await firstVisit(t, browser, url, '/', { width: 375, height: 740 });
    await (await button(page, BAR, 'consent.manage')).click();
    await page.waitForSelector(`${DIALOG}[open]`, { visible: true });

    const dialog = await page.$eval(DIALOG, (d) => {
      const labelledBy = d.getAttribute('aria-labelledby');
      return {
        modal: d.matches(':modal'),
        label: labelledBy ? document.getElementById(labelledBy)?.textContent?.trim() : null,
        focusInside: d.contains(document.activeElement),
        switches: [...d.querySelectorAll('input')].map((i) => ({
          name: i.name,
          role: i.getAttribute('role'),
          checked: i.checked,
          disabled: i.disabled,
          label: i.labels?.[0]?.textContent?.trim(),
        })),
      };
    });
    t.ok(dialog.modal, 'the dialog is modal (the rest of the page is inert)');
    t.equal(dialog.label, msg('consent.title'), 'labelled by its title');
    t.ok(dialog.focusInside, 'the focus moved into the dialog');
    const ax = await page.accessibility.snapshot({ root: (await page.$(DIALOG)) ?? undefined, interestingOnly: false });
    t.match(ax, { role: 'dialog', name: msg('consent.title') }, 'assistive technology sees a dialog named by its title');
    t.same(
      dialog.switches,
      [
        { name: 'necessary', role: 'switch', checked: true, disabled: true, label: msg('consent.necessary') },
        { name: 'optional', role: 'switch', checked: false, disabled: false, label: msg('consent.optional') },
        { name: 'functional', role: 'switch', checked: false, disabled: false, label: msg('consent.functional') },
      ],
      'necessary always on and fixed; optional and functional off until chosen',
    );
    const fits = await page.$eval(DIALOG, (d) => {
      const r = d.getBoundingClientRect();
      return r.left >= 0 && r.right <= document.documentElement.clientWidth;
    });
    t.ok(fits, 'the dialog fits a 375 px screen');

    // Nothing changed: Escape closes at once.
    await page.keyboard.press('Escape');
    await page.waitForSelector(DIALOG, { hidden: true });
    t.pass('Escape closes the dialog when nothing changed');
    t.ok(await page.$(BAR), 'still undecided: the bar is still there');
    t.equal(await consentCookie(page), undefined, 'closing is not a choice: no cookie');
    t.equal(
      await page.evaluate((bar: string) => (document.activeElement?.closest(bar) ? document.activeElement.textContent?.trim() : null), BAR),
      msg('consent.manage'),
      'the focus is back on the Manage cookies button',
    );

    // A change, then Escape: the warning, and the dialog stays.
    await (await button(page, BAR, 'consent.manage')).click();
    await page.waitForSelector(`${DIALOG}[open]`, { visible: true });
    await page.click(`${DIALOG} input[name="functional"]`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${DIALOG} [role="alert"]`, { visible: true });
    t.same(await axeProblems(page, DIALOG), [], 'axe-core finds no serious or critical problem in the dialog, warning shown');
    t.equal(
      await page.$eval(`${DIALOG} [role="alert"] p`, (p) => p.textContent),
      msg('consent.unsaved'),
      "the warning says 'You have unsaved settings'",
    );
    t.ok(await page.$(`${DIALOG}[open]`), 'the dialog is still open');

    await (await button(page, `${DIALOG} [role="alert"]`, 'consent.save')).click();
    await page.waitForSelector(DIALOG, { hidden: true });
    await page.waitForSelector(BAR, { hidden: true });
    t.pass('Save settings closes the dialog and the bar');
    t.match(parseConsent((await consentCookie(page))?.value), { optional: false, functional: true }, 'a partial choice: functional only');
    t.equal(await dataLayer(page), null, 'optional is off: nothing tracked');
    t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
  });

  t.test('the footer reopens the settings with the stored choice; close warns, discards, saves', async (t) => {
    const { page, problems } = await firstVisit(t, browser, url, '/franchise', { width: 1280, height: 800 });
    await (await button(page, BAR, 'consent.declineAll')).click();
    await page.waitForSelector(BAR, { hidden: true });
    const before = (await consentCookie(page))?.value;

    t.equal(
      await page.$eval(FOOTER_BUTTON, (b) => b.textContent?.trim()),
      msg('consent.title'),
      "the footer has a 'Cookie settings' button",
    );
    await page.$eval(FOOTER_BUTTON, (b) => b.scrollIntoView({ block: 'center' }));
    await page.click(FOOTER_BUTTON);
    await page.waitForSelector(`${DIALOG}[open]`, { visible: true });
    t.same(await page.$$eval(`${DIALOG} input`, (is) => is.map((i) => i.checked)), [true, false, false], 'the dialog shows what is stored');

    // A change, then Close: the warning; Discard keeps what was stored.
    await page.click(`${DIALOG} input[name="optional"]`);
    await (await button(page, DIALOG, 'consent.close')).click();
    await page.waitForSelector(`${DIALOG} [role="alert"]`, { visible: true });
    t.pass('Close with a change shows the warning');
    await (await button(page, DIALOG, 'consent.discard')).click();
    await page.waitForSelector(DIALOG, { hidden: true });
    t.equal((await consentCookie(page))?.value, before, 'discarding keeps the stored choice');
    t.ok(await page.$eval(FOOTER_BUTTON, (b) => b === document.activeElement), 'the focus returns to the footer button');
    t.equal(await page.$(BAR), null, 'the bar stays away: a choice is stored');

    // Now allow optional cookies: tracking starts, with the new choice.
    await page.click(FOOTER_BUTTON);
    await page.waitForSelector(`${DIALOG}[open]`, { visible: true });
    await page.click(`${DIALOG} input[name="optional"]`);
    await (await button(page, DIALOG, 'consent.save')).click();
    await page.waitForSelector(DIALOG, { hidden: true });
    t.match(parseConsent((await consentCookie(page))?.value), { optional: true, functional: false }, 'optional on, functional off');
    t.match(
      await dataLayer(page),
      [{ event: 'consent_update', optional: true, functional: false }],
      'the new choice is tracked once optional is allowed',
    );

    // A click on the backdrop closes an unchanged dialog too.
    await page.click(FOOTER_BUTTON);
    await page.waitForSelector(`${DIALOG}[open]`, { visible: true });
    await page.mouse.click(5, 5);
    await page.waitForSelector(DIALOG, { hidden: true });
    t.pass('a click beside the dialog closes it');
    t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
  });

  t.test('with JavaScript off the page shows no bar and sets no cookie', async (t) => {
    const { page } = await newPage(t, browser, { javaScript: false });
    await page.goto(`${url}/`, { waitUntil: 'load' });
    t.equal(await page.$(BAR), null, 'no bar');
    t.same(await page.browserContext().cookies(), [], 'no cookie');
  });
});
