// A failed code chunk reloads the page, at most once per 60 s (SPEC §8).
import t from 'tap';
import { isChunkLoadError, reloadForChunkError } from '../../../src/client/lib/chunk-reload.ts';

t.test('chunk load errors are recognised', async (t) => {
  t.ok(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')));
  t.ok(isChunkLoadError(new TypeError('Importing a module script failed.')));
  t.ok(isChunkLoadError(new Error('error loading dynamically imported module')));
  t.notOk(isChunkLoadError(new Error('Cannot read properties of undefined')));
});

t.test('reloads at most once per 60 seconds', async (t) => {
  const store = new Map<string, string>();
  const assigned: string[] = [];
  const g = globalThis as Record<string, unknown>;
  const saved = { sessionStorage: g.sessionStorage, window: g.window };
  g.sessionStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
  g.window = { location: { assign: (href: string) => assigned.push(href) } };
  t.teardown(() => Object.assign(g, saved));

  t.equal(reloadForChunkError('/a', 1_000_000), true, 'first failure reloads');
  t.equal(reloadForChunkError('/b', 1_000_000 + 59_999), false, 'not again within 60 s');
  t.equal(reloadForChunkError('/c', 1_000_000 + 60_000), true, 'again after 60 s');
  t.same(assigned, ['/a', '/c']);
});
