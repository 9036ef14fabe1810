// `npm run partner -- scope …` end to end: a real process on a real store that
// holds the demo catalogue, then the site's own search (POST /api/properties)
// showing only what the partner's scope allows.
import t from 'tap';
import { forEachTarget, type StoreTarget, type TapTest } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { inBatches, runCli, type CliRun as Run } from '../../helpers/cli.ts';
import type { SearchAnswer } from '../../../src/shared/catalogue.ts';

t.setTimeout(300_000);

/** `npm run partner -- ...args`. */
function partner(target: Pick<StoreTarget, 'env'>, args: string[]): Promise<Run> {
  return runCli('partner', args, target.env);
}

/** Exit 0, nothing on stderr, and the output. */
async function ok(t: TapTest, target: StoreTarget, args: string[]): Promise<string> {
  const run = await partner(target, args);
  t.equal(run.code, 0, `${args.join(' ')}: ${run.stderr.trim()}`);
  t.equal(run.stderr, '');
  return run.stdout;
}

forEachTarget(t, 'partner CLI: scope show, add, remove, clear', async (t, target) => {
  // The app seeds the empty store as the site does: the demo partners and the demo catalogue.
  const store = await target.open();
  const app = await testApp(t, { store, env: target.env });
  const search = async (body: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/properties', payload: { account_id: 1, per_page: 48, ...body } });
    t.equal(res.statusCode, 200);
    return res.json() as SearchAnswer;
  };
  const everything = (await search({})).meta.total;
  const murcia = await search({ esGeo: { region: 'murcia' } });
  const elsewhere = (await search({ esGeo: { region: 'malaga' } })).data[0]!;
  t.ok(murcia.meta.total > 0 && murcia.meta.total < everything && elsewhere, 'the demo catalogue has projects in Murcia and in Málaga');

  t.equal(await ok(t, target, ['scope', 'show', 'costa-casas']), 'costa-casas: all listings\n');
  const add = ['scope', 'add', 'costa-casas', '--region', 'spain/murcia', '--project', String(elsewhere.id)];
  t.equal(await ok(t, target, add), 'Added 2 to the scope of costa-casas: now 1 region, 1 project\n');
  t.equal(await ok(t, target, add), 'Added 0 to the scope of costa-casas: now 1 region, 1 project\n', 'adding twice is harmless');
  const show = await ok(t, target, ['scope', 'show', 'COSTA-CASAS']);
  t.match(show, /^costa-casas: 1 region, 1 project\nKIND\s+TARGET\s+NAME\n/);
  t.match(show, /^region\s+spain\/murcia\s+Murcia$/m);
  t.match(show, new RegExp(`^project\\s+${elsewhere.id}\\s+${elsewhere.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));

  // Refusals write nothing, so they run side by side, two at a time.
  const refusals: Array<[string[], RegExp]> = [
    [['scope', 'add', 'costa-casas', '--region', 'spain/nowhere'], /^error: --region "spain\/nowhere" is not a region/],
    [['scope', 'add', 'costa-casas', '--region', 'spain'], /^error: --region "spain" is a country, not a region$/],
    [['scope', 'add', 'costa-casas', '--region', 'spain/murcia', '--project', '999999'], /^error: --project 999999 is not a project$/],
    [['scope', 'add', 'costa-casas', '--project', 'twelve'], /^error: --project must be a project id such as 12 \(got "twelve"\)$/],
    [['scope', 'remove', 'costa-casas', '--region', 'spain/nowhere'], /^error: --region "spain\/nowhere" is not a region/],
    [['scope', 'add', 'costa-casas'], /^error: nothing to change: give at least one --region or --project$/],
    [['scope', 'add', 'nobody', '--project', '1'], /^error: no partner "nobody"/],
    [['scope', 'add', 'costa-casas', '--region'], /^error: --region needs a value$/],
    [['scope', 'frob', 'costa-casas'], /^error: scope needs a subcommand: show, add, remove, clear/],
  ];
  const runs = await inBatches(
    refusals.map(
      ([args]) =>
        () =>
          partner(target, args),
    ),
  );
  runs.forEach((run, i) => {
    t.equal(run.code, 2, `exit 2: ${run.stderr.trim()}`);
    t.equal(run.stdout, '');
    t.equal(run.stderr.trimEnd().split('\n').length, 1, 'one line');
    t.match(run.stderr.trimEnd(), refusals[i]![1]);
  });

  // The site: costa-casas shows Murcia and the one project; sol-homes and the main site everything.
  const scoped = await search({ partner: 'costa-casas' });
  t.equal(scoped.meta.total, murcia.meta.total + 1, "the region's projects and the one project");
  t.ok(
    scoped.data.every((c) => c.location.region.slug === 'murcia' || c.id === elsewhere.id),
    'nothing else',
  );
  t.ok(
    scoped.data.some((c) => c.id === elsewhere.id),
    'the project outside the region',
  );
  t.equal((await search({ partner: 'costa-casas', esGeo: { region: 'almeria' } })).meta.total, 0, 'a region outside the scope is empty');
  t.equal((await search({ partner: 'sol-homes' })).meta.total, everything, 'another partner is not limited');

  t.equal(
    await ok(t, target, ['scope', 'remove', 'costa-casas', '--region', 'spain/murcia', '--region', 'spain/alicante']),
    'Removed 1 from the scope of costa-casas: now 1 project\n',
  );
  t.same(
    (await search({ partner: 'costa-casas' })).data.map((c) => c.id),
    [elsewhere.id],
    'only the project',
  );

  t.equal(
    await ok(t, target, ['scope', 'add', 'costa-casas', '--region', 'spain/almeria']),
    'Added 1 to the scope of costa-casas: now 1 region, 1 project\n',
  );
  t.equal(await ok(t, target, ['scope', 'clear', 'costa-casas']), 'Cleared the scope of costa-casas (2 removed): now all listings\n');
  t.equal(await ok(t, target, ['scope', 'show', 'costa-casas']), 'costa-casas: all listings\n');
  t.equal((await search({ partner: 'costa-casas' })).meta.total, everything, 'cleared: all listings again');
});
