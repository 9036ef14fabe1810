// React's floor in the origin bench (bench/react-floor-server.ts) renders the
// site's own pages from a tree of plain elements (bench/html-tree.ts). The floor
// means something only if that tree is the page: React must write back the
// same body, element for element and character for character.
import t from 'tap';
import { renderToString } from 'react-dom/server';
import { htmlToTree } from '../../bench/html-tree.ts';
import { testApp } from '../helpers/app.ts';

/** A document's body without React's text separators and the module script (see headParts). */
function body(html: string): string {
  const inner = html.slice(html.indexOf('<body'), html.lastIndexOf('</body>'));
  return inner.replaceAll('<!-- -->', '').replace(/<script type="module"[^>]*><\/script>/g, '');
}

/**
 * The document's head elements as tag and attributes, in any order and wherever they are (React
 * orders its resources itself, and moves an async script into the head), less the pictures'
 * preloads: React adds one for each picture it renders in the shell.
 */
function headParts(html: string): string[] {
  return [...html.matchAll(/<(meta|link|title|script|style)\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((part) => !part.startsWith('<link rel="preload" as="image"'))
    .sort();
}

t.test('the home, a search and a property page come back from their trees as the site sent them', async (t) => {
  const app = await testApp(t);
  const search = await app.inject('/search/spain/alicante');
  const first = /data-project="(\d+)"/.exec(search.body)?.[1];
  t.ok(first, 'the search shows a project');
  const pages = { home: (await app.inject('/')).body, search: search.body, property: (await app.inject(`/for-sale/${first}`)).body };
  for (const [name, html] of Object.entries(pages)) {
    const again = renderToString(htmlToTree(html));
    t.equal(body(again), body(html), `${name}: the same body`);
    t.same(headParts(again), headParts(html), `${name}: the same head`);
  }
});

t.test('text and attributes are decoded once, so React escapes them as the site did', async (t) => {
  const html = '<html><head></head><body><p title="Tom &amp; &quot;Jerry&quot;">a &amp;lt; b &lt; c &#x27;d&#x27;</p></body></html>';
  t.equal(renderToString(htmlToTree(html)), html);
});
