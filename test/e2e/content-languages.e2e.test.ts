// A buyer's guide in the visitor's language, in Chromium (issue 24): the German
// guide hydrates in German without a mismatch, and a page with no German
// version shows its English text under a German line saying so, its own
// language set where the browser reads it.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import de from '../../locales/de.json' with { type: 'json' };

t.test('a German guide in German, and a page without German marked as English', async (t) => {
  const { app, url } = await startServer(t);
  await app.services.content.upsert({ slug: 'notary-fees', title: 'Notary fees', body: 'About 0.5% of the price.' });
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser);

  await page.goto(`${url}/de/buying-process`, { waitUntil: 'load' });
  await waitForHydration(page);
  const guide = de.demo.pages.find((p) => p.slug === 'buying-process')!;
  t.equal(await page.$eval('h1', (h) => h.textContent), guide.title, 'the German title');
  t.equal(await page.$eval('.content-page', (a) => a.closest('[lang]')?.getAttribute('lang')), 'de', 'read as German');
  t.equal(await page.$('.content-page__language'), null, 'no line about its language');

  await page.goto(`${url}/de/notary-fees`, { waitUntil: 'load' });
  await waitForHydration(page);
  const shown = await page.$eval('article.content-page', (article) => {
    const line = article.querySelector<HTMLElement>('.content-page__language')!;
    const h1 = article.querySelector('h1')!;
    return {
      articleLang: article.lang,
      lineLang: line.closest('[lang]')!.getAttribute('lang'),
      line: line.innerText,
      visible: line.getBoundingClientRect().height > 0 && getComputedStyle(line).visibility === 'visible',
      aboveTitle: line.getBoundingClientRect().bottom <= h1.getBoundingClientRect().top,
      title: h1.textContent,
    };
  });
  t.same(
    shown,
    {
      articleLang: 'en',
      lineLang: 'de',
      line: 'Diese Seite ist auf Englisch: Eine deutsche Fassung gibt es noch nicht.',
      visible: true,
      aboveTitle: true,
      title: 'Notary fees',
    },
    'the English text, its line in German above it',
  );
  t.same(problems.all(), [], 'no console error, hydration warning or failed request');
});
