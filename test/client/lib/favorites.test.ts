// A visitor's favorites kept in the browser (src/client/lib/favorites.ts):
// what is read back from storage, and adding and removing one.
import t from 'tap';
import { FAVORITES_MAX_MERGE } from '../../../src/shared/constants.ts';
import { parseFavorites, toggled } from '../../../src/client/lib/favorites.ts';

t.test('stored favorites: project ids only, once each, at most what a login merges', async (t) => {
  t.same(parseFavorites(null), []);
  t.same(parseFavorites(''), []);
  t.same(parseFavorites('not json'), []);
  t.same(parseFavorites('{"a":1}'), [], 'not a list');
  t.same(parseFavorites('[3, 1, 3, "4", -2, 0, 1.5, null, 9007199254740993, 7]'), [3, 1, 7], 'positive integers, first occurrence kept');
  const many = Array.from({ length: FAVORITES_MAX_MERGE + 20 }, (_, i) => i + 1);
  const kept = parseFavorites(JSON.stringify(many));
  t.equal(kept.length, FAVORITES_MAX_MERGE);
  t.equal(kept.at(-1), many.at(-1), 'the newest are kept');
});

t.test('a heart adds the project last, or removes it', async (t) => {
  t.same(toggled([1, 2], 3, true), [1, 2, 3]);
  t.same(toggled([1, 2, 3], 2, true), [1, 3, 2], 'added again: now the newest');
  t.same(toggled([1, 2, 3], 2, false), [1, 3]);
  t.same(toggled([1], 9, false), [1], 'removing one that is not there changes nothing');
  const full = Array.from({ length: FAVORITES_MAX_MERGE }, (_, i) => i + 1);
  const next = toggled(full, 10_000, true);
  t.equal(next.length, FAVORITES_MAX_MERGE);
  t.equal(next.at(-1), 10_000);
  t.equal(next[0], 2, 'the oldest goes');
});
