// The store's rate-limit counts: a fixed window per name and key, a new one
// after the end, and ended windows pruned.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { RateLimitService } from '../../../src/server/services/rate-limits.ts';

forEachStore(t, 'hits count in a fixed window per name and key, then start again', async (t, store) => {
  let now = Date.parse('2026-05-01T10:00:00Z');
  const limits = new RateLimitService(store.db, () => now);
  t.same(await limits.hit('login', 'a', 60_000), { current: 1, ttlMs: 60_000 });
  now += 20_000;
  t.same(await limits.hit('login', 'a', 60_000), { current: 2, ttlMs: 40_000 }, 'the window keeps its end');
  t.same(await limits.hit('login', 'b', 60_000), { current: 1, ttlMs: 60_000 }, 'another key');
  t.same(await limits.hit('leads', 'a', 60_000), { current: 1, ttlMs: 60_000 }, 'another limit');
  now += 40_000;
  t.same(await limits.hit('login', 'a', 60_000), { current: 1, ttlMs: 60_000 }, 'the first hit at the end starts a new window');

  now += 30_000;
  t.equal(await limits.prune(), 2, "the windows of 'b' and of 'leads' have ended");
  t.same(await store.db.selectFrom('rate_limits').select(['name', 'key', 'hits']).execute(), [{ name: 'login', key: 'a', hits: 1 }]);
});
