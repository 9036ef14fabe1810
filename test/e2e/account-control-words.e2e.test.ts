// The header's account control says "Log in" in words wherever the header has
// room for them beside the full navigation, a laptop's 1366 px among them
// (issue 23); only the icon on a phone and from 992 to 1199 px, the word then
// kept for screen readers. The control stays within the window.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';

t.test('"Log in" in words where there is room', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  for (const [width, words] of [
    [390, false],
    [1024, false],
    [1200, true],
    [1366, true],
    [1440, true],
  ] as const) {
    const { page, problems } = await newPage(t, browser, { width, height: 800 });
    await page.goto(`${url}/contact`, { waitUntil: 'load' });
    await waitForHydration(page);
    const seen = await page.$eval('.account-menu__login', (el) => {
      const word = el.querySelector('span')!;
      const box = word.getBoundingClientRect();
      return {
        wordWidth: box.width,
        name: el.getAttribute('aria-label') ?? el.textContent,
        right: el.getBoundingClientRect().right,
        overflow: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
    t.equal(seen.wordWidth > 20, words, `${width} px: "Log in" ${words ? 'shown' : 'read, not shown'}`);
    t.match(seen.name, /Log in/, `${width} px: its name says it either way`);
    t.ok(seen.right <= width, `${width} px: the control within the window`);
    t.notOk(seen.overflow, `${width} px: the page no wider than the window`);
    if (width === 1366) t.same(await violations(page), [], 'axe at 1366 px');
    t.same(problems.all(), []);
  }
});
