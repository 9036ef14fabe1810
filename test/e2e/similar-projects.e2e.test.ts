// The similar projects at a property page's foot in Chromium at a phone's
// size: the server's cards, whose section's code is not loaded before the
// visitor does anything; the first scroll loads it and every card gets its
// compare toggle, as on other pages; a heart pressed before the code came is
// pressed once by it; hearts kept in this browser show pressed without any
// interaction; a client navigation renders the section itself.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import type { ProjectCard } from '../../src/shared/catalogue.ts';
import { LOCAL_FAVORITES_KEY } from '../../src/client/lib/favorites.ts';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, waitForHydration } from '../helpers/browser.ts';
import { holdScripts, open } from '../helpers/on-demand.ts';
import en from '../../locales/en.json' with { type: 'json' };

const CARDS = '.similar-projects > li';
const HEART = `${CARDS} .favorite-button`;

async function propertyWithSimilar(url: string): Promise<{ id: number; similar: ProjectCard[] }> {
  for (let id = 1; id < 150; id++) {
    const res = await fetch(`${url}/api/project/similar?id=${id}`);
    if (!res.ok) continue;
    const similar = ((await res.json()) as { data: ProjectCard[] }).data;
    if (similar.length >= 2) return { id, similar };
  }
  throw new Error('no project with similar projects');
}

const pressed = (page: Page) => page.$$eval(HEART, (hearts) => hearts.map((heart) => heart.getAttribute('aria-pressed')));

t.test('similar projects', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { id, similar } = await propertyWithSimilar(url);

  t.test("the section's code comes with the first scroll, and the compare toggles with it", async (t) => {
    const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`);
    t.equal((await page.$$(CARDS)).length, similar.length, "the server's cards");
    t.same(await loads.scripts('similarProjects'), [], 'no code of the section before the visitor does anything');
    t.equal((await page.$$(`${CARDS} .compare-toggle`)).length, 0, 'no compare toggle yet');

    await page.mouse.wheel({ deltaY: 400 });
    await page.waitForFunction(
      (sel: string, n: number) => document.querySelectorAll(sel).length === n,
      {},
      `${CARDS} .compare-toggle`,
      similar.length,
    );
    t.equal((await loads.scripts('similarProjects')).length, 1, "the section's code, once");
    t.same(
      await page.$$eval(`${CARDS} .project-card__title`, (titles) => titles.map((el) => el.textContent)),
      similar.map((p) => p.name),
      'the same cards, in the same order',
    );
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('a heart pressed before the code came is pressed once, by it', async (t) => {
    const { page, problems } = await open(t, browser, url, `/for-sale/${id}`);
    const held = holdScripts(page);
    await held.start();
    await page.$eval(HEART, (el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await page.click(HEART);
    t.same(
      await pressed(page),
      similar.map(() => 'false'),
      'nothing happens while the code is on its way',
    );
    await held.release();
    await page.waitForSelector(`${HEART}[aria-pressed="true"]`);
    await page.waitForFunction((text: string) => document.querySelector('.toasts')?.textContent?.includes(text), {}, en.messages.added);
    t.same(
      await page.evaluate((key: string) => JSON.parse(localStorage.getItem(key) ?? '[]') as number[], LOCAL_FAVORITES_KEY),
      [similar[0]!.id],
      'kept in this browser, once',
    );
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('hearts kept in this browser show pressed without any interaction', async (t) => {
    const { page, problems } = await open(t, browser, url, '/');
    await page.evaluate((key: string, ids: number[]) => localStorage.setItem(key, JSON.stringify(ids)), LOCAL_FAVORITES_KEY, [
      similar[1]!.id,
    ]);
    await page.goto(`${url}/for-sale/${id}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForSelector(`${HEART}[aria-pressed="true"]`);
    t.same(
      await pressed(page),
      similar.map((p) => String(p.id === similar[1]!.id)),
      'the kept heart, and only it',
    );
    t.same(problems.all(), [], 'no console errors');
  });
});
