// The thin bar at the top during navigation (SPEC §2, §4, §9): it appears when
// the next page is slow to arrive, completes when it arrives, and turns red when
// the navigation fails. The next page's data request is held by the test until
// the bar has been seen, so no assertion depends on how fast the machine is.
import t, { type Test } from 'tap';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration, within, STEP_TIMEOUT_MS } from '../helpers/browser.ts';
import { PROGRESS_HEIGHT_PX } from '../../src/shared/constants.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';

const BAR = '.progress-bar';

/** Records each phase class the bar shows, in order, including short-lived ones. */
async function recordPhases(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate((sel: string) => {
    const w = window as unknown as { __phases: string[] };
    w.__phases = [];
    const note = () => {
      const phase = [...(document.querySelector(sel)?.classList ?? [])].find((c) => c.startsWith('is-')) ?? '(none)';
      if (w.__phases[w.__phases.length - 1] !== phase) w.__phases.push(phase);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  }, BAR);
  return () => page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
}

/** What a person sees of the bar: where it is, how high, and its colour. */
function barLooks(page: Page) {
  return page.$eval(BAR, (el) => {
    const r = el.getBoundingClientRect();
    // The coloured fill may be the bar itself, a pseudo-element or a child.
    const sources = [getComputedStyle(el), getComputedStyle(el, '::before'), getComputedStyle(el, '::after')];
    if (el.firstElementChild) sources.push(getComputedStyle(el.firstElementChild));
    const colour = sources.map((s) => s.backgroundColor).find((c) => c && c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c)) ?? null;
    const style = getComputedStyle(el);
    return {
      top: r.top,
      height: r.height,
      visible: style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0,
      colour,
    };
  });
}

/** Waits, bounded, until the bar's CSS transitions have finished. */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      (sel: string) =>
        document
          .querySelector(sel)
          ?.getAnimations()
          .every((a) => a.playState !== 'running' || (a as CSSTransition).transitionProperty === 'transform'),
      { timeout: STEP_TIMEOUT_MS },
      BAR,
    )
    .catch(() => {});
}

function rgb(colour: string | null): [number, number, number] | null {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/**
 * Opens the homepage with the data request of `slug` held until the test
 * answers it. Held from the first request on, so an idle-time prefetch cannot
 * fetch the page ahead of the click either.
 */
async function homeWithHeldPage(t: Test, url: string, slug: string, options: { allowFailure?: boolean } = {}) {
  const isHeld = (u: string) => {
    const parsed = new URL(u);
    return parsed.pathname === '/api/content' && parsed.searchParams.get('slug') === slug;
  };
  const { page, problems } = await newPage(t, browser, options.allowFailure ? { allowFailure: isHeld } : {});
  const held: HTTPRequest[] = [];
  let arrived!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (isHeld(request.url())) {
      held.push(request);
      arrived();
      return;
    }
    void request.continue();
  });
  // Never leave a request hanging when a test stops early.
  t.teardown(() => Promise.all(held.map((r) => r.abort().catch(() => {}))));
  // The cookie choice made: the bar would lie over a link scrolled to the window's foot.
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
  await page.goto(`${url}/`, { waitUntil: 'load' });
  await waitForHydration(page);
  const phases = await recordPhases(page);
  const link = `a[href="/${slug}"]`;
  return { page, problems, held, requested, phases, link };
}

let browser: Awaited<ReturnType<typeof launchBrowser>>;

t.test('the navigation progress bar', async (t) => {
  const { url } = await startServer(t);
  browser = await launchBrowser(t);

  t.test('a slow navigation shows the bar, which completes when the page arrives', async (t) => {
    const { page, problems, held, requested, phases, link } = await homeWithHeldPage(t, url, 'buying-process');
    t.equal(await page.$eval(BAR, (el) => el.classList.contains('is-idle')), true, 'the bar is idle on arrival');

    const homeHeading = await page.$eval('main h1', (h) => h.textContent?.trim() ?? '');
    await page.click(link);
    await within(requested, 'the page data request');
    t.ok(held.length > 0, 'the page data was requested');
    await page.waitForSelector(`${BAR}.is-running`, { timeout: STEP_TIMEOUT_MS });
    t.pass('while the page is on its way the bar runs');
    await settled(page);
    const running = await barLooks(page);
    t.ok(running.visible, 'the running bar is visible');
    t.equal(Math.round(running.top), 0, 'it sits at the very top of the window');
    t.equal(Math.round(running.height), PROGRESS_HEIGHT_PX, `it is ${PROGRESS_HEIGHT_PX} px high`);
    t.equal(new URL(page.url()).pathname, '/buying-process', 'the address bar already shows the new page');

    for (const request of held.splice(0)) await request.continue();
    await page.waitForSelector(`${BAR}.is-idle`, { timeout: STEP_TIMEOUT_MS });
    t.same(await phases(), ['is-idle', 'is-running', 'is-done', 'is-idle'], 'idle → running → done → idle');
    t.equal(await page.$('section.error-page'), null, 'no error page: the navigation succeeded');
    await page
      .waitForFunction(
        (before: string) => (document.querySelector('main h1')?.textContent?.trim() ?? before) !== before,
        { timeout: STEP_TIMEOUT_MS },
        homeHeading,
      )
      .catch(() => {});
    const heading = await page.$eval('main h1', (h) => h.textContent?.trim() ?? '').catch(() => '');
    t.ok(heading && heading !== homeHeading, `the page that arrived shows its own heading (${heading})`);
    t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
  });

  t.test('a fast navigation right after a slow one leaves the bar idle', async (t) => {
    const { page, problems, held, requested, link } = await homeWithHeldPage(t, url, 'buying-process');
    await page.click(link);
    await within(requested, 'the page data request');
    await page.waitForSelector(`${BAR}.is-running`, { timeout: STEP_TIMEOUT_MS });
    for (const request of held.splice(0)) await request.continue();
    await page.waitForSelector(`${BAR}.is-done`, { timeout: STEP_TIMEOUT_MS });
    // Back to the homepage (its module and data at hand: faster than the bar's delay) while the bar still shows done.
    await page.evaluate(() => history.back());
    await page.waitForFunction(() => location.pathname === '/', { timeout: STEP_TIMEOUT_MS });
    await page.waitForSelector(`${BAR}.is-idle`, { timeout: STEP_TIMEOUT_MS });
    t.pass('the bar is idle on the homepage again');
    t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
  });

  t.test('a navigation whose data answers 500 turns the bar red and shows the error page', async (t) => {
    const { page, problems, held, requested, phases, link } = await homeWithHeldPage(t, url, 'costs-and-taxes', { allowFailure: true });
    await page.click(link);
    await within(requested, 'the page data request');
    await page.waitForSelector(`${BAR}.is-running`, { timeout: STEP_TIMEOUT_MS });
    for (const request of held.splice(0))
      await request.respond({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Storage is down' }),
      });
    await page.waitForSelector(`${BAR}.is-failed`, { timeout: STEP_TIMEOUT_MS });
    await settled(page);
    const failed = await barLooks(page);
    t.ok(failed.visible, 'the failed bar is visible');
    const colour = rgb(failed.colour);
    t.ok(colour && colour[0] >= 150 && colour[1] <= 110 && colour[2] <= 110, `the failed bar is red (${failed.colour})`);
    await page.waitForSelector('section.error-page');
    t.equal(await page.$eval('section.error-page', (s) => s.getAttribute('data-status')), '500', 'the error page carries the status');
    t.equal(await page.$eval('section.error-page h1', (h) => h.textContent?.trim()), 'An error occurred', "it says 'An error occurred'");
    t.equal(new URL(page.url()).pathname, '/costs-and-taxes', 'the address bar shows the page that failed');
    await page.waitForSelector(`${BAR}.is-idle`, { timeout: STEP_TIMEOUT_MS });
    t.same(await phases(), ['is-idle', 'is-running', 'is-failed', 'is-idle'], 'idle → running → failed → idle');
    t.same(problems.all(), [], 'nothing went wrong beyond the provoked failure');
  });

  t.test('a navigation whose data request is cut off turns the bar red and says to check the connection', async (t) => {
    const { page, problems, held, requested, link } = await homeWithHeldPage(t, url, 'mortgages-for-non-residents', { allowFailure: true });
    await page.click(link);
    await within(requested, 'the page data request');
    await page.waitForSelector(`${BAR}.is-running`, { timeout: STEP_TIMEOUT_MS });
    for (const request of held.splice(0)) await request.abort('connectionreset');
    await page.waitForSelector(`${BAR}.is-failed`, { timeout: STEP_TIMEOUT_MS });
    await page.waitForSelector('section.error-page');
    t.equal(
      await page.$eval('section.error-page h1', (h) => h.textContent?.trim()),
      'An error occurred',
      "the error page says 'An error occurred'",
    );
    t.match(
      await page.$eval('section.error-page', (s) => s.textContent ?? ''),
      'Sorry an error occured, check your internet',
      "and 'Sorry an error occured, check your internet'",
    );
    t.same(problems.all(), [], 'nothing went wrong beyond the provoked failure');
  });
});
