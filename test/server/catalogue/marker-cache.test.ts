// The map's indexes in memory (issue 12): one build per key and version, shared
// by concurrent askers; a new version drops the old ones; bounded by count and
// by points, least recently used out first, except a pinned key; a failed
// build is not kept.
import t from 'tap';
import { MarkerCache } from '../../../src/server/services/catalogue/marker-cache.ts';
import { MarkerIndex } from '../../../src/server/services/catalogue/marker-index.ts';
import type { MapMarker } from '../../../src/shared/catalogue.ts';

const points = (n: number): MapMarker[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `P${i + 1}`, lat: 37 + i / 1000, lng: -1 + i / 1000, price: 100_000 }));

t.test('one build per key and version, shared while it runs; a new version builds again', async (t) => {
  const cache = new MarkerCache({ entries: 4, points: 1000 });
  let builds = 0;
  const build = async () => {
    builds++;
    return new MarkerIndex(points(3));
  };
  const [a, b] = await Promise.all([cache.get('1', 'k', build), cache.get('1', 'k', build)]);
  t.equal(a, b, 'concurrent askers share the index');
  t.equal(await cache.get('1', 'k', build), a, 'kept');
  t.equal(builds, 1);
  t.not(await cache.get('2', 'k', build), a, 'a new catalogue version is a new index');
  t.equal(builds, 2);
});

t.test('bounded by entries and by points, the least recently used out first', async (t) => {
  const cache = new MarkerCache({ entries: 2, points: 10 });
  const built: string[] = [];
  const build = (key: string, n: number) => () => {
    built.push(key);
    return Promise.resolve(new MarkerIndex(points(n)));
  };
  await cache.get('1', 'a', build('a', 2));
  await cache.get('1', 'b', build('b', 2));
  await cache.get('1', 'a', build('a', 2)); // a is now the most recently used
  await cache.get('1', 'c', build('c', 2)); // over 2 entries: b goes
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(cache.size, 2);
  await cache.get('1', 'a', build('a', 2));
  t.same(built, ['a', 'b', 'c'], 'a was kept');
  await cache.get('1', 'big', build('big', 9)); // 2 + 9 points > 10: the others go
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(cache.size, 1, 'only the newest, even over the bound alone');
});

t.test('the pinned key is never evicted nor counted against the bounds', async (t) => {
  const cache = new MarkerCache({ entries: 1, points: 10 }, 'all');
  const build = (n: number) => () => Promise.resolve(new MarkerIndex(points(n)));
  t.notOk(cache.has('1', 'all'), 'not kept before its build');
  await cache.get('1', 'all', build(50)); // over the bound alone
  await cache.get('1', 'a', build(4));
  await new Promise((resolve) => setImmediate(resolve));
  t.ok(cache.has('1', 'all'), 'kept, though over the bound');
  t.ok(cache.has('1', 'a'), 'its points are not counted: 4 of 10, one entry of 1');
  await cache.get('1', 'b', build(4));
  await new Promise((resolve) => setImmediate(resolve));
  t.ok(cache.has('1', 'all'), 'still kept');
  t.notOk(cache.has('1', 'a'), 'the others are bounded as before');
  t.ok(cache.has('1', 'b'));
  t.notOk(cache.has('2', 'all'), 'not for another version');
});

t.test('a failed build is not kept', async (t) => {
  const cache = new MarkerCache();
  await t.rejects(cache.get('1', 'k', () => Promise.reject(new Error('store down'))));
  await new Promise((resolve) => setImmediate(resolve));
  t.equal((await cache.get('1', 'k', () => Promise.resolve(new MarkerIndex([])))).total, 0, 'the next ask builds');
});
