// Prefetching is skipped offline, on 2g connections and with data-saver on (SPEC §7).
import t from 'tap';
import { canPrefetch } from '../../../src/client/lib/prefetch.ts';

const nav = (onLine: boolean, connection?: { saveData?: boolean; effectiveType?: string }) =>
  ({ onLine, connection }) as unknown as Navigator;

t.test('when links are prefetched', async (t) => {
  t.equal(canPrefetch(nav(true)), true, 'online, no connection info');
  t.equal(canPrefetch(nav(true, { effectiveType: '4g' })), true, '4g');
  t.equal(canPrefetch(nav(false)), false, 'offline');
  t.equal(canPrefetch(nav(true, { effectiveType: '2g' })), false, '2g');
  t.equal(canPrefetch(nav(true, { effectiveType: 'slow-2g' })), false, 'slow-2g');
  t.equal(canPrefetch(nav(true, { effectiveType: '4g', saveData: true })), false, 'data-saver');
});
