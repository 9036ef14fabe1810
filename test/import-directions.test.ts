// The import directions of eslint.config.js hold: its rule applies to every
// file under src/, reports each forbidden direction (static, re-exported,
// type-only and dynamic imports alike) and none of the allowed ones, and
// every folder and top-level file of src/server has its place in the layers
// (one left out would be free to import anything). The typed rules of the
// project's config are left out here: a file that is not on disk has no
// TypeScript program.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { ESLint, type Linter } from 'eslint';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = path.resolve(import.meta.dirname, '..');
const RULE = 'import-x/no-restricted-paths';
const project = new ESLint({ cwd: root });

interface Zone {
  target: string | string[];
  from: string | string[];
}

async function ruleFor(file: string): Promise<Linter.RuleEntry | undefined> {
  const config = (await project.calculateConfigForFile(path.join(root, file))) as Linter.Config;
  return config.rules?.[RULE];
}

/** The import-direction problems of `code` as if it were `file`. */
async function problems(file: string, code: string): Promise<string[]> {
  const rule = await ruleFor(file);
  if (!rule) return [`no ${RULE} for ${file}`];
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      plugins: { 'import-x': importX as unknown as ESLint.Plugin },
      rules: { [RULE]: rule },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const forbidden: [file: string, code: string][] = [
  ['src/client/components/lint-fixture.tsx', "import { buildApp } from '../../server/app.ts';\nvoid buildApp;\n"],
  ['src/client/lint-fixture.ts', "export type { Config } from '../server/config.ts';\n"],
  ['src/shared/lint-fixture.ts', "import { App } from '../client/App.tsx';\nvoid App;\n"],
  ['src/shared/lint-fixture.ts', "import type { Store } from '../server/store/db.ts';\nexport type S = Store;\n"],
  ['src/server/render/lint-fixture.ts', "import { App } from '../../client/App.tsx';\nvoid App;\n"],
  ['src/server/services/lint-fixture.ts', "import { installUpkeep } from '../jobs/upkeep.ts';\nvoid installUpkeep;\n"],
  ['src/server/services/accounts/lint-fixture.ts', "import type { AppOptions } from '../../app.ts';\nexport type A = AppOptions;\n"],
  ['src/server/catalogue-import/lint-fixture.ts', "export { instantAlerts } from '../services/saved-searches/alerts.ts';\n"],
  ['src/server/store/lint-fixture.ts', "export const load = () => import('../services/index.ts');\n"],
  ['src/server/periods/lint-fixture.ts', "import { queueMail } from '../mail/outbox.ts';\nvoid queueMail;\n"],
  ['src/server/api/lint-fixture.ts', "import { pageRoutes } from '../render/page.ts';\nvoid pageRoutes;\n"],
  ['src/server/config.ts', "import { openStore } from './store/db.ts';\nvoid openStore;\n"],
];

const allowed: [file: string, code: string][] = [
  ['src/client/lint-fixture.ts', "import { ROUTES } from '../shared/routes.ts';\nvoid ROUTES;\n"],
  [
    'src/server/api/lint-fixture.ts',
    "import { InputError } from '../store/errors.ts';\nimport { LeadService } from '../services/leads.ts';\nvoid [InputError, LeadService];\n",
  ],
  [
    'src/server/jobs/lint-fixture.ts',
    "import { FeedSchedule } from '../catalogue-import/schedule.ts';\nimport { claimPeriod } from '../periods/claim-period.ts';\nimport { instantAlerts } from '../services/saved-searches/alerts.ts';\nvoid [FeedSchedule, claimPeriod, instantAlerts];\n",
  ],
  [
    'src/server/services/favorite-alerts/lint-fixture.ts',
    "import { dueToday } from '../../periods/local-hour.ts';\nimport { queueMail } from '../../mail/outbox.ts';\nvoid [dueToday, queueMail];\n",
  ],
  ['src/server/cli/lint-fixture.ts', "import { buildApp } from '../app.ts';\nvoid buildApp;\n"],
  ['src/server/store/lint-fixture.ts', "import type { Config } from '../config.ts';\nexport type C = Config;\n"],
];

t.test('a forbidden direction is reported', async (t) => {
  for (const [file, code] of forbidden) t.match(await problems(file, code), [new RegExp(`^${RULE}: `)], `${file}: ${code.split('\n')[0]}`);
});

t.test('an allowed direction is not', async (t) => {
  for (const [file, code] of allowed) t.same(await problems(file, code), [], `${file}: ${code.split('\n')[0]}`);
});

t.test('every folder and top-level file of src/server has its place in the layers, and every place exists', async (t) => {
  const rule = await ruleFor('src/server/app.ts');
  const zones = (Array.isArray(rule) ? (rule[1] as { zones: Zone[] }).zones : []) ?? [];
  const named = new Set(zones.flatMap((zone) => [zone.target, zone.from].flat()).map((p) => path.join(root, p)));
  const entries = fs
    .readdirSync(path.join(root, 'src/server'))
    .filter((name) => name !== 'README.md')
    .map((name) => path.join(root, 'src/server', name));
  t.same(
    entries.filter((entry) => !named.has(entry)),
    [],
    'named in the layers',
  );
  t.same(
    [...named].filter((p) => !fs.existsSync(p)),
    [],
    'no layer names a path that is gone',
  );
});
