// `npm run partner -- <command>`: adds and updates partners and content pages
// in the store the site uses (DATA_DIR, or DATABASE_URL). See USAGE below.
//
// Colours that fall short of WCAG AA contrast are saved, with one warning line
// each on stderr (shared/brand-colors.ts).
//
// Exit codes: 0 done; 2 bad input (one line on stderr naming the flag and the
// problem; nothing was written); 1 anything else (e.g. the database is down).
import fs from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { configuredStore, openStore, type Store } from '../store/db.ts';
import { seedDemo } from '../store/seed.ts';
import { InputError, NotFoundError } from '../store/errors.ts';
import { createServices, type Services } from '../services/index.ts';
import type { PartnerChanges } from '../services/partner-fields.ts';
import type { PartnerScope } from '../services/partner-scopes.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import { contrastWarnings, describeWarning } from '../../shared/brand-colors.ts';
import { LANGUAGES, type Language } from '../../shared/languages.ts';

const USAGE = `Usage: npm run partner -- <command> [flags]

  list                                  the partners, as a table
  show <slug>                           one partner, every field
  add --slug s --name n [flags]         a new partner
  update <slug> [flags]                 change the given fields ('' clears an optional one)
  page set --slug s --title t (--body text | --body-file f) [--partner p] [--summary text] [--language l]
                                        create or replace a content page in one language (no --partner:
                                        the main site's; no --language: English)
  page list [--partner p] [--language l]
                                        the pages, each language a line (with --partner: those that
                                        partner's site shows; with --language: only that language's)
  scope show <slug>                     the regions and projects the partner's site shows ('all listings': no limit)
  scope add <slug> [--region path]... [--project id]...
                                        limit the partner to these too (--region spain/alicante, --project 12)
  scope remove <slug> [--region path]... [--project id]...
                                        take them out of its scope
  scope clear <slug>                    no limit: the partner shows all listings again

Partner flags: --slug --name --domain --primary --secondary --heading (#rrggbb;
                 each pair the site draws is checked for WCAG AA contrast:
                 a warning line per pair that falls short, and it is saved)
               --email --phone --address --city --logo (http(s) URL or /path)
               --indexing canonical|noindex  how search engines treat its copies of
                 the listings: canonical to the main site's page (default) or noindex
               --languages nl,en  the languages its site offers (all: every one, the default)
               --root nl  the language its own domain opens in at / (the others under
                 /en/…, /de/…); one it offers: English if offered, else the first

Page languages: ${LANGUAGES.join(' ')}. A visitor gets the page in its language,
else in English, else in any it is written in, with a line saying so. A
partner's page replaces the main site's of the same slug in every language.

The store is the site's: DATA_DIR (default ./data) or DATABASE_URL. An empty
store gets the demo data first, as the site does, unless SEED_DEMO=false.`;

/** Bad input: reported as one line, exit code 2. */
class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | string[] | boolean | undefined>;

const PARTNER_FLAGS = [
  'slug',
  'name',
  'domain',
  'primary',
  'secondary',
  'heading',
  'email',
  'phone',
  'address',
  'city',
  'logo',
  'indexing',
  'languages',
  'root',
] as const;
const COLOUR_FLAGS = ['primary', 'secondary', 'heading'] as const;
const strings = (names: readonly string[]): Options => Object.fromEntries(names.map((n) => [n, { type: 'string' as const }]));
const HELP: Options = { help: { type: 'boolean', short: 'h' } };
const SCOPE_FLAGS: Options = { region: { type: 'string', multiple: true }, project: { type: 'string', multiple: true } };

interface Command {
  options: Options;
  /** The positional arguments it takes, by name. */
  positionals: string[];
  /** Resolves with what goes to stdout; `warn` adds a line for stderr. */
  run(services: Services, values: Values, positionals: string[], warn: (line: string) => void): Promise<string>;
}

const commands: Record<string, Command> = {
  list: {
    options: {},
    positionals: [],
    async run(services) {
      const partners = await services.partners.list();
      if (!partners.length) return 'No partners.';
      return table(
        ['SLUG', 'NAME', 'DOMAIN', 'PRIMARY', 'SECONDARY', 'HEADING'],
        partners.map((p) => [p.slug, p.name, p.domain ?? '-', p.colors.primary, p.colors.secondary, p.colors.heading_color]),
      );
    },
  },

  show: {
    options: {},
    positionals: ['slug'],
    async run(services, _values, [slug]) {
      const partner = await services.partners.bySlug(slug!);
      if (!partner) throw new UsageError(`no partner "${slug}" (see \`npm run partner -- list\`)`);
      return describe(partner);
    },
  },

  add: {
    options: strings(PARTNER_FLAGS),
    positionals: [],
    async run(services, values, _positionals, warn) {
      const p = await services.partners.create(pick(values, PARTNER_FLAGS) as never);
      contrastWarnings(p.colors).forEach((w) => warn(describeWarning(w)));
      return `Added partner ${p.slug} (id ${p.id}): ${p.name}, domain ${p.domain ?? '-'}, colours ${colours(p)}`;
    },
  },

  update: {
    options: strings(PARTNER_FLAGS),
    positionals: ['slug'],
    async run(services, values, [slug], warn) {
      const changes = pick(values, PARTNER_FLAGS) as PartnerChanges;
      if (!Object.keys(changes).length)
        throw new UsageError(`nothing to change: give at least one flag (${PARTNER_FLAGS.map((f) => `--${f}`).join(', ')})`);
      const p = await services.partners.update(slug!, changes);
      // Checked whenever a colour is set: the unchanged ones are its pairs.
      if (COLOUR_FLAGS.some((f) => f in changes)) contrastWarnings(p.colors).forEach((w) => warn(describeWarning(w)));
      return `Updated partner ${p.slug} (id ${p.id}): ${Object.keys(changes).join(', ')}`;
    },
  },

  'page set': {
    options: strings(['slug', 'partner', 'title', 'summary', 'body', 'body-file', 'language']),
    positionals: [],
    async run(services, values) {
      const { created, partner, page } = await services.content.upsert({
        slug: values.slug as string,
        partner: (values.partner as string | undefined) ?? null,
        title: values.title as string,
        summary: values.summary as string | undefined,
        body: body(values),
        language: values.language as Language | undefined,
      });
      const where = partner ? `for partner ${partner}` : 'on the main site';
      return `${created ? 'Created' : 'Updated'} page ${page.slug} (${page.language}) ${where}: ${page.title}`;
    },
  },

  'page list': {
    options: strings(['partner', 'language']),
    positionals: [],
    async run(services, values) {
      const pages = await services.content.pages(values.partner as string | undefined, values.language as string | undefined);
      if (!pages.length) return 'No pages.';
      return table(
        ['SLUG', 'LANGUAGE', 'PARTNER', 'TITLE', 'UPDATED'],
        pages.map((p) => [p.slug, p.language, p.partner ?? '(main site)', p.title, p.updatedAt.slice(0, 10)]),
      );
    },
  },

  'scope show': {
    options: {},
    positionals: ['slug'],
    async run(services, _values, [slug]) {
      const scope = await services.partners.scope(slug!);
      if (!scope.regions.length && !scope.projects.length) return `${scope.partner.slug}: all listings`;
      return `${scope.partner.slug}: ${scopeSummary(scope)}\n${table(
        ['KIND', 'TARGET', 'NAME'],
        [...scope.regions.map((r) => ['region', r.path, r.name]), ...scope.projects.map((p) => ['project', String(p.id), p.name])],
      )}`;
    },
  },

  'scope add': {
    options: SCOPE_FLAGS,
    positionals: ['slug'],
    async run(services, values, [slug]) {
      const { changed, scope } = await services.partners.addScope(slug!, scopeChange(values));
      return `Added ${changed} to the scope of ${scope.partner.slug}: now ${scopeSummary(scope)}`;
    },
  },

  'scope remove': {
    options: SCOPE_FLAGS,
    positionals: ['slug'],
    async run(services, values, [slug]) {
      const { changed, scope } = await services.partners.removeScope(slug!, scopeChange(values));
      return `Removed ${changed} from the scope of ${scope.partner.slug}: now ${scopeSummary(scope)}`;
    },
  },

  'scope clear': {
    options: {},
    positionals: ['slug'],
    async run(services, _values, [slug]) {
      const { changed, scope } = await services.partners.clearScope(slug!);
      return `Cleared the scope of ${scope.partner.slug} (${changed} removed): now ${scopeSummary(scope)}`;
    },
  },
};

/** --region and --project, each given any number of times; at least one of them. */
function scopeChange(values: Values): { region: string[]; project: string[] } {
  const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
  const change = { region: list(values.region), project: list(values.project) };
  if (!change.region.length && !change.project.length) throw new UsageError('nothing to change: give at least one --region or --project');
  return change;
}

function scopeSummary(s: PartnerScope): string {
  if (!s.regions.length && !s.projects.length) return 'all listings';
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  return [s.regions.length && count(s.regions.length, 'region'), s.projects.length && count(s.projects.length, 'project')]
    .filter(Boolean)
    .join(', ');
}

/** The flags given, by field; absent ones left out so that an update changes only those. */
function pick(values: Values, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) if (typeof values[n] === 'string') out[n] = values[n];
  return out;
}

function body(values: Values): string {
  const text = values.body as string | undefined;
  const file = values['body-file'] as string | undefined;
  if (text !== undefined && file !== undefined) throw new UsageError('give --body or --body-file, not both');
  if (file !== undefined) {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(`--body-file cannot be read: ${code === 'ENOENT' ? 'no such file' : (code ?? 'error')} (${file})`);
    }
  }
  if (text === undefined) throw new UsageError('--body or --body-file is required');
  return text;
}

function colours(p: PublicPartner): string {
  return `${p.colors.primary} / ${p.colors.secondary} / ${p.colors.heading_color}`;
}

function describe(p: PublicPartner): string {
  const rows: Array<[string, string | number | null]> = [
    ['id', p.id],
    ['slug', p.slug],
    ['name', p.name],
    ['domain', p.domain],
    ['primary', p.colors.primary],
    ['secondary', p.colors.secondary],
    ['heading', p.colors.heading_color],
    ['email', p.email],
    ['phone', p.phone],
    ['address', p.address],
    ['city', p.city],
    ['logo', p.logo],
    ['indexing', p.listing_indexing],
    ['languages', p.languages.length === LANGUAGES.length ? 'all' : p.languages.join(',')],
    ['root', p.root_language],
  ];
  return rows.map(([k, v]) => `${`${k}:`.padEnd(11)}${v ?? '-'}`).join('\n');
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [head, ...rows].map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n');
}

/** parseArgs's errors, said as one short line that names the flag. */
function argumentError(error: unknown, name: string): UsageError | null {
  const e = error as { code?: string; message?: string };
  const quoted = /'([^']+)'/.exec(e.message ?? '')?.[1] ?? '';
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(`unknown flag ${quoted} for "${name}" (see \`npm run partner -- help\`)`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return new UsageError(`${quoted.split(' ')[0]} needs a value`);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new UsageError(`unexpected argument "${quoted}" for "${name}"`);
    default:
      return null;
  }
}

function parse(argv: string[]): { name: string; command: Command; values: Values; positionals: string[] } {
  const [first, second] = argv;
  const group = first === 'page' || first === 'scope';
  const name = group && second && !second.startsWith('-') ? `${first} ${second}` : (first ?? '');
  const command = commands[name];
  if (!command) {
    const subcommands = (g: string) =>
      Object.keys(commands)
        .filter((c) => c.startsWith(`${g} `))
        .map((c) => c.slice(g.length + 1));
    throw new UsageError(
      group
        ? `${first} needs a subcommand: ${subcommands(first!).join(', ')}${name === first ? '' : ` (not "${second}")`}`
        : `unknown command "${name}" (commands: ${Object.keys(commands).join(', ')}; see \`npm run partner -- help\`)`,
    );
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.slice(name.split(' ').length),
      options: { ...command.options, ...HELP },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw argumentError(error, name) ?? error;
  }
  const { values, positionals } = parsed;
  if (!values.help) {
    if (positionals.length > command.positionals.length)
      throw new UsageError(`unexpected argument "${positionals[command.positionals.length]}" for "${name}"`);
    const missing = command.positionals[positionals.length];
    if (missing) throw new UsageError(`"${name}" needs the partner's ${missing}: npm run partner -- ${name} <${missing}>`);
  }
  return { name, command, values: values as Values, positionals };
}

async function main(argv: string[]): Promise<number> {
  if (!argv.length) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let store: Store | undefined;
  try {
    const { command, values, positionals } = parse(argv);
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const config = loadConfig(process.env);
    store = await openStore(configuredStore(config));
    if (config.SEED_DEMO) await seedDemo(store);
    const warnings: string[] = [];
    const output = await command.run(createServices(store), values, positionals, (line) => warnings.push(line));
    process.stdout.write(`${output}\n`);
    for (const line of warnings) process.stderr.write(`${line}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    if (error instanceof NotFoundError && error.field === 'slug') {
      process.stderr.write(`error: no partner ${error.problem.replace(/ is not a partner$/, '')} (see \`npm run partner -- list\`)\n`);
      return 2;
    }
    if (error instanceof InputError) {
      // The service's field is the flag's name.
      process.stderr.write(`error: ${error.field === 'input' ? '' : '--'}${error.field} ${error.problem}\n`);
      return 2;
    }
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await store?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
