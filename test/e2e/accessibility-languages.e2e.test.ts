// axe-core over a page in each of the sixteen languages (issue 24, "Tests"):
// a property page, whose words are longest and most varied (its facts, units,
// calculator, lead form), on a phone after hydration. A translation may break
// what English keeps: a label longer than its box, a name that no longer
// matches its visible text, the document's language. Any violation fails.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';
import { propertyWithPictures } from '../helpers/on-demand.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { LANGUAGES, inLanguage } from '../../src/shared/languages.ts';

// Sixteen page loads with axe in one browser: about 60 s on a quiet runner.
t.setTimeout(600_000);

t.test('a property page in every language has no accessibility violation', async (t) => {
  const { url } = await startServer(t);
  const project = await propertyWithPictures(url);
  const browser = await launchBrowser(t);
  for (const language of LANGUAGES) {
    const path = inLanguage(`/for-sale/${project}`, language);
    const { page, problems } = await newPage(t, browser, { width: 390, height: 844 });
    await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
    const res = await page.goto(url + path, { waitUntil: 'load' });
    t.equal(res?.status(), 200, path);
    await waitForHydration(page);
    t.equal(await page.$eval('html', (h) => h.lang), language, `${path}: <html lang="${language}">`);
    t.same(await violations(page), [], `${path}: no violation of any impact`);
    t.same(problems.all(), [], `${path}: no console error or failed request`);
    await page.close();
  }
});
