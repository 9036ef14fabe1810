// The search's map view for a visitor without JavaScript, at 390 and 1366 px:
// no map can be drawn, so its box says so in words, the buttons that need a
// script are not shown, and every result of the page is laid out in view of a
// scroll, none past the window's edge. With JavaScript that sentence is never shown.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import en from '../../locales/en.json' with { type: 'json' };

const PATH = '/search/spain/alicante?view=map';

t.test('the map view without JavaScript says the map needs it and lists the results', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  for (const width of [390, 1366])
    for (const javaScript of [false, true])
      await t.test(`${width} px, JavaScript ${javaScript ? 'on' : 'off'}`, async (t) => {
        const { page, problems } = await newPage(t, browser, { width, height: 844, javaScript });
        await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
        await page.goto(`${url}${PATH}`, { waitUntil: 'load' });
        if (javaScript) await waitForHydration(page);
        const seen = await page.evaluate(() => {
          const shown = (el: Element | null) =>
            !!el && el.getBoundingClientRect().height > 0 && getComputedStyle(el).visibility !== 'hidden';
          const notice = document.querySelector('.map-notice--no-script');
          const cards = [...document.querySelectorAll('.search-map .project-card')];
          return {
            notice: shown(notice) ? (notice!.textContent ?? '') : null,
            fullscreen: shown(document.querySelector('.map-button--fullscreen')),
            toggle: shown(document.querySelector('.search-map__toggle')),
            cards: cards.length,
            cardsShown: cards.filter(shown).length,
            pastRightEdge: cards.filter((c) => c.getBoundingClientRect().right > innerWidth + 0.5).length,
          };
        });
        if (!javaScript) {
          t.equal(seen.notice, en.map.needsScript, 'the map says, in words, that it needs JavaScript');
          t.notOk(seen.fullscreen, 'no full-screen button that could do nothing');
          t.notOk(seen.toggle, 'no button to fold the results');
          t.equal(seen.pastRightEdge, 0, 'every result within the window, none in a strip past its edge');
        } else {
          t.equal(seen.notice, null, 'with JavaScript the sentence is not shown');
          t.ok(seen.fullscreen, 'and the map has its full-screen button');
        }
        t.equal(seen.cards, 12, "the page's 12 results");
        t.equal(seen.cardsShown, 12, 'all of them shown');
        t.same(problems.all(), [], 'no error');
      });
});
