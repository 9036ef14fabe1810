// Every locale file of SPEC §1 is loaded; an invalid one is only logged (SPEC §8).
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { loadLocales, LOCALES } from '../../src/server/locales.ts';
import { ROOT_DIR } from '../../src/server/paths.ts';
import { tempDir } from '../helpers/app.ts';

t.test('the project ships every locale, each with the consent wording', async (t) => {
  const warnings: unknown[] = [];
  const loaded = loadLocales(path.join(ROOT_DIR, 'locales'), { warn: (...args: unknown[]) => warnings.push(args) } as never);
  t.same([...loaded.keys()].sort(), [...LOCALES].sort());
  t.same(warnings, []);
  const keys = Object.keys((loaded.get('en') as { consent: object }).consent).sort();
  for (const [code, messages] of loaded)
    t.same(Object.keys((messages as { consent: object }).consent).sort(), keys, `${code} has every consent key`);
});

t.test('an invalid or missing locale file is logged, not fatal', async (t) => {
  const dir = tempDir(t);
  for (const code of LOCALES) fs.writeFileSync(path.join(dir, `${code}.json`), JSON.stringify({ consent: {} }));
  fs.writeFileSync(path.join(dir, 'de.json'), '{ not json');
  fs.writeFileSync(path.join(dir, 'fr.json'), '[1, 2]');
  fs.rmSync(path.join(dir, 'ja.json'));
  const warnings: Array<{ locale: string }> = [];
  const loaded = loadLocales(dir, { warn: (obj: { locale: string }) => warnings.push(obj) } as never);
  t.same(warnings.map((w) => w.locale).sort(), ['de', 'fr', 'ja']);
  t.equal(loaded.size, LOCALES.length - 3);
  t.ok(loaded.has('en'));
});
