// The partner CLI end to end: a real process on a real store, its exit codes and
// messages, then what it left in the store. Each run starts Node and tsx (about
// half a second of CPU), so the cases here are the CLI's own; the services'
// tests cover every rule the input must meet.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { forEachTarget, type StoreTarget } from '../../helpers/db.ts';
import { tempDir } from '../../helpers/app.ts';
import { inBatches, runCli, type CliRun as Run } from '../../helpers/cli.ts';
import { createServices } from '../../../src/server/services/index.ts';

// About 40 processes: on a busy two-core runner this file alone has taken a
// minute, close to .taprc's 120 s. Give it room rather than flake.
t.setTimeout(300_000);

/** `npm run partner -- ...args`. */
function partner(target: Pick<StoreTarget, 'env'>, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runCli('partner', args, { ...target.env, ...env });
}

const lines = (s: string) => s.trimEnd().split('\n');

/** Bad input: exit 2, nothing on stdout, one line on stderr that matches. */
function refused(t: Parameters<Parameters<typeof forEachTarget>[2]>[0], run: Run, message: RegExp): void {
  t.equal(run.code, 2, `exit 2: ${run.stderr.trim()}`);
  t.equal(run.stdout, '');
  t.equal(lines(run.stderr).length, 1, 'one line');
  t.match(run.stderr.trimEnd(), message);
}

/** Refusals write nothing, so they run side by side, two at a time. */
async function refusals(t: Parameters<typeof refused>[0], cases: Array<[() => Promise<Run>, RegExp]>): Promise<void> {
  const runs = await inBatches(cases.map(([run]) => run));
  runs.forEach((run, i) => refused(t, run, cases[i]![1]));
}

forEachTarget(t, 'partner CLI: add, update, show, list', async (t, target) => {
  const list = await partner(target, ['list']);
  t.equal(list.code, 0, list.stderr);
  t.match(lines(list.stdout)[0], /^SLUG\s+NAME\s+DOMAIN\s+PRIMARY\s+SECONDARY\s+HEADING$/);
  t.match(
    list.stdout,
    /costa-casas\s+Costa Casas Inmobiliaria\s+costa-casas\.localhost\s+#0b5d4b/,
    'an empty store gets the demo partners, as the site does',
  );
  t.match(list.stdout, /sol-homes/);

  const add = await partner(target, [
    'add',
    '--slug',
    'playa-homes',
    '--name',
    'Playa Homes',
    '--domain',
    'Playa-Homes.es',
    '--primary',
    '#0A4D68',
    '--email',
    'info@playa.example',
    '--phone',
    '+34 966 00 00 00',
    '--city',
    'Alicante',
    '--logo',
    'https://playa.example/logo.svg',
  ]);
  t.equal(add.code, 0, add.stderr);
  t.equal(lines(add.stdout).length, 1, 'a one-line summary');
  t.same(
    lines(add.stderr),
    [
      'warning: --secondary #fffb00 on white has a contrast of 1.10:1, below the 3:1 of WCAG AA for accent lines (heading underlines); the site uses #0a4d68 there instead',
    ],
    "the default yellow is no line on white: one warning, with the partner's primary drawn instead",
  );
  t.match(
    add.stdout,
    /^Added partner playa-homes \(id \d+\): Playa Homes, domain playa-homes\.es, colours #0a4d68 \/ #fffb00 \/ #fffb00$/m,
  );

  // Refusals write nothing, so they run side by side.
  await refusals(t, [
    [
      () => partner(target, ['add', '--slug', 'other', '--name', 'Other', '--primary', 'red']),
      /^error: --primary must be a colour like #13206a \(got "red"\)$/,
    ],
    [() => partner(target, ['add', '--slug', 'contact', '--name', 'Other']), /^error: --slug "contact" is reserved/],
    // A language's code is its site's first segment (/de/…).
    [
      () => partner(target, ['add', '--slug', 'de', '--name', 'Other']),
      /^error: --slug "de" is reserved: \/de is the site in that language/,
    ],
    [
      () => partner(target, ['add', '--slug', 'other', '--name', 'Other', '--domain', 'costa-casas.localhost']),
      /^error: --domain "costa-casas\.localhost" is already used by partner costa-casas$/,
    ],
    [() => partner(target, ['add', '--slug', 'other', '--name']), /^error: --name needs a value$/],
    [
      () => partner(target, ['add', '--slug', 'other', '--name', 'Other', '--colour', '#000000']),
      /^error: unknown flag --colour for "add"/,
    ],
    [
      () => partner(target, ['add', '--slug', 'other', '--name', 'Other', '--email', 'a@b.c"><script>alert(1)</script>']),
      /^error: --email must be an email address \(got "a@b\.c\\"><script>alert\(1\)<\/script>"\)$/,
    ],
    [
      () => partner(target, ['add', '--slug', 'other', '--name', 'Other\nInc', '--phone', '+34 966 00 00 00']),
      /^error: --name must be a name of 1 to 120 characters on one line \(got "Other\\nInc"\)$/,
    ],
  ]);

  const update = await partner(target, ['update', 'playa-homes', '--city', 'Torrevieja', '--phone', '', '--heading', '#FFFFFF']);
  t.equal(update.code, 0, update.stderr);
  t.match(update.stdout, /^Updated partner playa-homes \(id \d+\): heading, phone, city\n$/);
  t.match(
    update.stderr,
    /^warning: --secondary #fffb00 on white .*\n$/,
    'a colour set: its pairs checked again, white headings on #0a4d68 pass',
  );
  // Refusals write nothing, so they run side by side.
  await refusals(t, [
    [() => partner(target, ['update', 'nobody', '--name', 'X']), /^error: no partner "nobody"/],
    [() => partner(target, ['update', 'playa-homes', '--name', '']), /^error: --name cannot be cleared$/],
    [
      () => partner(target, ['update', 'playa-homes', '--email', 'x@y.es"><img src=x onerror=alert(1)>']),
      /^error: --email must be an email address \(got "x@y\.es\\"><img src=x onerror=alert\(1\)>"\)$/,
    ],
    [
      () => partner(target, ['update', 'playa-homes', '--logo', 'https://playa.example/logo.svg" onload="alert(1)']),
      /^error: --logo must be an http\(s\) URL or a path starting with \/, without spaces, quotes or angle brackets \(got /,
    ],
    [() => partner(target, ['update', 'playa-homes', '--phone', 'call me']), /^error: --phone must be a phone number/],
  ]);

  const show = await partner(target, ['show', 'playa-homes']);
  t.equal(show.code, 0, show.stderr);
  t.match(show.stdout, /^domain:\s+playa-homes\.es$/m);
  t.match(show.stdout, /^city:\s+Torrevieja$/m);
  t.match(show.stdout, /^phone:\s+-$/m);

  // What the store holds now, read as the site reads it.
  const services = createServices(await target.open());
  t.match(await services.partners.byHost('www.playa-homes.es:3000'), {
    slug: 'playa-homes',
    name: 'Playa Homes',
    email: 'info@playa.example', // the refused updates changed nothing
    phone: null,
    city: 'Torrevieja',
    logo: 'https://playa.example/logo.svg',
    colors: { primary: '#0a4d68', secondary: '#fffb00', heading_color: '#ffffff' },
  });
  t.equal((await services.partners.list()).length, 3, 'nothing refused was written');
});

forEachTarget(t, 'partner CLI: content pages', async (t, target) => {
  const dir = tempDir(t, 'cli-body-');
  const file = path.join(dir, 'costs.txt');
  fs.writeFileSync(file, 'Costs for Costa Casas clients.\r\n\r\n## Taxes\r\n\r\n- IVA 10%\r\n- AJD 1.5%\r\n');

  const main = await partner(target, [
    'page',
    'set',
    '--slug',
    'notary-fees',
    '--title',
    'Notary fees',
    '--summary',
    'What a notary charges',
    '--body',
    'About 0.5% of the price.',
  ]);
  t.equal(main.code, 0, main.stderr);
  t.equal(main.stdout, 'Created page notary-fees (en) on the main site: Notary fees\n');
  const again = await partner(target, [
    'page',
    'set',
    '--slug',
    'notary-fees',
    '--title',
    'Notary fees in Spain',
    '--body',
    'Between 0.2% and 0.5%.',
  ]);
  t.equal(again.stdout, 'Updated page notary-fees (en) on the main site: Notary fees in Spain\n');
  const own = await partner(target, [
    'page',
    'set',
    '--slug',
    'notary-fees',
    '--partner',
    'costa-casas',
    '--title',
    'Notary fees with us',
    '--body-file',
    file,
  ]);
  t.equal(own.code, 0, own.stderr);
  t.equal(own.stdout, 'Created page notary-fees (en) for partner costa-casas: Notary fees with us\n');
  const german = await partner(target, [
    ...'page set --slug notary-fees --language de --title Notarkosten'.split(' '),
    '--body',
    'Rund 0,5 %.',
  ]);
  t.equal(german.code, 0, german.stderr);
  t.equal(german.stdout, 'Created page notary-fees (de) on the main site: Notarkosten\n', 'a page in another language');

  // Refusals write nothing, so they run side by side.
  await refusals(t, [
    [() => partner(target, ['page', 'set', '--slug', 'x-page', '--title', 'X']), /^error: --body or --body-file is required$/],
    [
      () => partner(target, ['page', 'set', '--slug', 'x-page', '--title', 'X', '--body', 'b', '--partner', 'nobody']),
      /^error: --partner "nobody" is not a partner$/,
    ],
    [
      () => partner(target, ['page', 'set', '--slug', 'franchise', '--title', 'X', '--body', 'b']),
      /^error: --slug "franchise" is reserved/,
    ],
    [
      () => partner(target, ['page', 'set', '--slug', 'x-page', '--title', 'X', '--body', 'b', '--language', 'xx']),
      /^error: --language must be one of the site's languages \(en, da, de, .*\) \(got "xx"\)$/,
    ],
    [() => partner(target, ['page', 'list', '--language', 'english']), /^error: --language must be one of the site's languages/],
  ]);

  const listed = await partner(target, ['page', 'list', '--partner', 'costa-casas']);
  t.equal(listed.code, 0, listed.stderr);
  t.match(listed.stdout, /^notary-fees\s+en\s+costa-casas\s+Notary fees with us/m, "the partner's own page");
  t.notMatch(listed.stdout, /^notary-fees\s+\(main site\)/m, "not the main site's page it replaces");
  const inGerman = await partner(target, ['page', 'list', '--language', 'de']);
  t.match(
    inGerman.stdout,
    /^SLUG\s+LANGUAGE\s+PARTNER\s+TITLE\s+UPDATED\n(.+\n)*notary-fees\s+de\s+\(main site\)\s+Notarkosten\s+\d{4}-\d\d-\d\d$/m,
  );
  t.notMatch(inGerman.stdout, /Notary fees/, "only that language's");
  t.equal((await partner(target, ['page', 'list', '--language', 'DE'])).stdout, inGerman.stdout, 'the language as page set takes it');

  const store = await target.open();
  const { content, partners } = createServices(store);
  const costa = (await partners.bySlug('costa-casas'))!;
  t.match(await content.page('notary-fees', costa.id), {
    title: 'Notary fees with us',
    body: 'Costs for Costa Casas clients.\n\n## Taxes\n\n- IVA 10%\n- AJD 1.5%',
  });
  t.match(await content.page('notary-fees', null), {
    title: 'Notary fees in Spain',
    summary: 'What a notary charges',
    body: 'Between 0.2% and 0.5%.',
  });
  t.match(await content.page('notary-fees', null, 'de'), { title: 'Notarkosten', body: 'Rund 0,5 %.', languages: ['en', 'de'] });
  t.equal(await content.page('x-page', null), null, 'nothing refused was written');
});

// Nothing here depends on the engine: SQLite only, to keep the suite quick.
t.test('partner CLI: usage, and an empty store when SEED_DEMO=false', async (t) => {
  const dataDir = tempDir(t, 'cli-usage-');
  const target = { env: { DATA_DIR: dataDir, DATABASE_URL: '' } };
  const none = await partner(target, []);
  t.equal(none.code, 2);
  t.match(none.stderr, /^Usage: npm run partner -- <command>/);
  const help = await partner(target, ['help']);
  t.equal(help.code, 0);
  t.match(help.stdout, /page set --slug s --title t/);
  t.match(help.stdout, /\[--language l\][\s\S]*no --language: English/, 'pages take a language');
  t.match(help.stdout, /Page languages: en da de es/);
  // Refusals write nothing, so they run side by side.
  await refusals(t, [
    [() => partner(target, ['frobnicate']), /^error: unknown command "frobnicate"/],
    [() => partner(target, ['list'], { DATABASE_URL: 'mysql://nope' }), /^error: Invalid configuration: DATABASE_URL/],
  ]);

  const empty = await partner(target, ['list'], { SEED_DEMO: 'false' });
  t.equal(empty.code, 0, empty.stderr);
  t.equal(empty.stdout, 'No partners.\n');
});

// --indexing (listing_indexing, migration 0006): how search engines treat the partner's copies of the listings.
forEachTarget(t, 'partner CLI: --indexing on add, update and show', async (t, target) => {
  const add = await partner(target, ['add', '--slug', 'quiet-homes', '--name', 'Quiet Homes', '--indexing', 'noindex']);
  t.equal(add.code, 0, add.stderr);
  const show = await partner(target, ['show', 'quiet-homes']);
  t.match(show.stdout, /^indexing:\s+noindex$/m, 'shown');
  const update = await partner(target, ['update', 'quiet-homes', '--indexing', 'canonical']);
  t.equal(update.code, 0, update.stderr);
  t.match(update.stdout, /^Updated partner quiet-homes \(id \d+\): indexing\n$/);
  const demo = await partner(target, ['show', 'costa-casas']);
  t.match(demo.stdout, /^indexing:\s+canonical$/m, 'the default');
  await refusals(t, [
    [
      () => partner(target, ['update', 'quiet-homes', '--indexing', 'hidden']),
      /^error: --indexing must be canonical or noindex \(got "hidden"\)$/,
    ],
    [() => partner(target, ['update', 'quiet-homes', '--indexing', '']), /^error: --indexing cannot be cleared$/],
    [() => partner(target, ['add', '--slug', 'other', '--name', 'Other', '--indexing']), /^error: --indexing needs a value$/],
  ]);
  const help = await partner(target, ['help']);
  t.match(help.stdout, /--indexing canonical\|noindex/, 'in the usage');
  const { partners } = createServices(await target.open());
  t.equal((await partners.bySlug('quiet-homes'))?.listing_indexing, 'canonical', 'what the store holds');
});

// --languages and --root (issue 24, migration 0034): the languages a partner's site offers, the one its domain opens in.
forEachTarget(t, 'partner CLI: --languages and --root on add, update and show', async (t, target) => {
  const add = await partner(target, ['add', '--slug', 'dutch-homes', '--name', 'Dutch Homes', '--languages', 'nl,en', '--root', 'nl']);
  t.equal(add.code, 0, add.stderr);
  const show = await partner(target, ['show', 'dutch-homes']);
  t.match(show.stdout, /^languages:\s+en,nl$/m, "shown in the site's order");
  t.match(show.stdout, /^root:\s+nl$/m);
  t.match((await partner(target, ['show', 'costa-casas'])).stdout, /^languages:\s+all$/m, 'every language by default');
  const update = await partner(target, ['update', 'dutch-homes', '--languages', 'de,nl']);
  t.equal(update.code, 0, update.stderr);
  t.match(update.stdout, /^Updated partner dutch-homes \(id \d+\): languages\n$/);
  await refusals(t, [
    [
      () => partner(target, ['update', 'dutch-homes', '--root', 'en']),
      /^error: --root must be one of the languages the site offers \(de nl\)$/,
    ],
    [() => partner(target, ['update', 'dutch-homes', '--languages', 'nl,klingon']), /^error: --languages must be languages of the site/],
    [() => partner(target, ['update', 'dutch-homes', '--root', '']), /^error: --root cannot be cleared$/],
  ]);
  const help = await partner(target, ['help']);
  t.match(help.stdout, /--languages nl,en/, 'in the usage');
  const { partners } = createServices(await target.open());
  const stored = await partners.bySlug('dutch-homes');
  t.same([stored?.languages, stored?.root_language], [['de', 'nl'], 'nl'], 'what the store holds');
});

// Brand readability (issue 10): every pair the site draws is checked when a colour is set.
forEachTarget(t, 'partner CLI: colours that fall short of WCAG AA contrast are saved with one warning line each', async (t, target) => {
  const add = await partner(target, [
    'add',
    '--slug',
    'pale-homes',
    '--name',
    'Pale Homes',
    '--primary',
    '#f0f0f0',
    '--secondary',
    '#ffffff',
    '--heading',
    '#ffffff',
  ]);
  t.equal(add.code, 0, add.stderr);
  t.match(add.stdout, /^Added partner pale-homes \(id \d+\): Pale Homes, domain -, colours #f0f0f0 \/ #ffffff \/ #ffffff\n$/);
  t.same(lines(add.stderr), [
    'warning: --primary #f0f0f0 on white has a contrast of 1.13:1, below the 4.5:1 of WCAG AA for text (links, outline buttons); choose a darker colour',
    'warning: --secondary #ffffff on white has a contrast of 1.00:1, below the 3:1 of WCAG AA for accent lines (heading underlines); the site uses #8c8c8c there instead',
    'warning: --secondary #ffffff on primary #f0f0f0 has a contrast of 1.13:1, below the 3:1 of WCAG AA for accent lines on brand bars; the site uses #808080 there instead',
    'warning: --heading #ffffff on primary #f0f0f0 has a contrast of 1.13:1, below the 3:1 of WCAG AA for headings on brand bars; the site uses #000000 there instead',
  ]);

  const fixed = await partner(target, ['update', 'pale-homes', '--primary', '#8a1538', '--heading', '#ffd6e0']);
  t.equal(fixed.code, 0, fixed.stderr);
  t.same(
    lines(fixed.stderr),
    [
      'warning: --secondary #ffffff on white has a contrast of 1.00:1, below the 3:1 of WCAG AA for accent lines (heading underlines); the site uses #8a1538 there instead',
    ],
    'a white secondary stays invisible on white only: drawn in the primary there',
  );

  const good = await partner(target, ['update', 'pale-homes', '--secondary', '#e8590c', '--primary', '#111111']);
  t.equal(good.code, 0, good.stderr);
  t.equal(good.stderr, '', 'readable colours: no warning');
  const other = await partner(target, ['update', 'pale-homes', '--city', 'Alicante']);
  t.equal(other.stderr, '', 'no colour set: nothing checked');

  const { partners } = createServices(await target.open());
  t.match(
    (await partners.bySlug('pale-homes'))?.colors,
    { primary: '#111111', secondary: '#e8590c', heading_color: '#ffd6e0' },
    'every change saved',
  );
});
