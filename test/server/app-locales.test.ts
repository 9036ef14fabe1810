// The app reads the locale files once a thread: its own t(), the pages it
// renders and the demo's content pages all take the same read (app.ts,
// mail/languages.ts), rather than the seed reading all sixteen again.
import t from 'tap';
import fs from 'node:fs';
import { addLocaleMessages } from '../../src/server/mail/languages.ts';
import { testApp } from '../helpers/app.ts';

t.test('starting the app with the demo reads no locale file this thread has read', async (t) => {
  addLocaleMessages();
  // The tests' seeded template store, made once a run, reads them for itself.
  await testApp(t, { env: { SEED_DEMO: 'true' } });
  const read = fs.readFileSync;
  const locales: string[] = [];
  fs.readFileSync = ((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (typeof file === 'string' && /[\\/]locales[\\/]\w+\.json$/.test(file)) locales.push(file);
    return (read as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.readFileSync;
  t.teardown(() => void (fs.readFileSync = read));
  const app = await testApp(t, { env: { SEED_DEMO: 'true' } });
  t.ok((await app.services.content.page('buying-process', null, 'de'))?.title, 'the German demo pages are there');
  t.same(locales, [], 'no locale file read again');
});
