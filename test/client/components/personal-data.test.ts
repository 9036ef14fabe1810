// What the browser forgets when the client changes: every answer that depends
// on who is logged in, and nothing else.
import t from 'tap';
import type { Cache } from 'swr';
import { forgetPersonalData, isPersonalKey, rereadOnClientChange } from '../../../src/client/components/account/personal-data.ts';

const PERSONAL = ['/api/favorites', '/api/project/files?id=7', '/api/client-sessions'];
const SHARED = ['/api/search?region=alicante', '/api/project?id=7', '/api/client-sessionsx'];

t.test("a client's answers are forgotten, the catalogue's kept", async (t) => {
  const cache = new Map<string, unknown>([...PERSONAL, ...SHARED].map((key) => [key, { data: key }]));
  forgetPersonalData(cache as unknown as Cache);
  t.same([...cache.keys()], SHARED);
  for (const key of PERSONAL) t.ok(isPersonalKey(key), `${key} is personal`);
  for (const key of SHARED) t.notOk(isPersonalKey(key), `${key} is not`);
});

t.test("a page still showing a project's files reads them again when the client changes; not the reads a visitor is refused", async (t) => {
  t.ok(rereadOnClientChange('/api/project/files?id=7'));
  t.notOk(rereadOnClientChange('/api/favorites'), 'a visitor would be refused (401)');
  t.notOk(rereadOnClientChange('/api/client-sessions'));
});
