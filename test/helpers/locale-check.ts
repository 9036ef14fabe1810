// What makes a locale file complete (issue 24): every key of en.json and no
// other, each string or list where English has one, the same {placeholders}
// as English, a plural message with exactly the plural categories of its
// language (Intl.PluralRules), and no sentence left in English. Used by
// test/locales.test.ts, and by a translator on one file:
//   npx tsx test/helpers/locale-check.ts de
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPluralMessage } from '../../src/client/messages-language.mjs';

export const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

/** Strings a language may keep as English writes them: names. */
export const SAME_AS_ENGLISH = new Set([
  'Spain New Homes',
  'WhatsApp',
  'Costa Blanca',
  'Costa del Sol',
  'Costa Cálida',
  'Costa de Almería',
  // The living page's own name, as its address (/wonen-en-leven) says it.
  'Wonen en leven',
]);

/** Values that are data, not text: the office's details, addresses of pages (slugs, paths), examples, credits, products. */
const DATA_KEYS = [
  /^office\./,
  /\.slug$/,
  /\.path$/,
  /^forms\.fields\.email\.placeholder$/,
  /^account\.devices\./,
  /^basemap\.attribution$/,
];

type Node = string | Node[] | { [key: string]: Node };

const isObject = (node: unknown): node is Record<string, Node> => typeof node === 'object' && node !== null && !Array.isArray(node);
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort().join(',');
/** Words of three letters or more, placeholders apart: a sentence has two. */
const words = (text: string) => text.replace(/\{\w+\}/g, '').match(/\p{L}{3,}/gu) ?? [];

function compareText(problems: string[], key: string, english: string, text: unknown, language: string): void {
  if (typeof text !== 'string') return void problems.push(`${key}: should be a string`);
  if (placeholders(text) !== placeholders(english))
    problems.push(`${key}: placeholders {${placeholders(text)}} differ from English {${placeholders(english)}}`);
  if (language !== 'en' && text === english && words(text).length >= 2 && !SAME_AS_ENGLISH.has(text) && !DATA_KEYS.some((k) => k.test(key)))
    problems.push(`${key}: left in English ("${text.slice(0, 60)}")`);
}

function compare(problems: string[], key: string, english: Node, node: unknown, language: string): void {
  if (node === undefined) return void problems.push(`${key}: missing`);
  if (typeof english === 'string') return compareText(problems, key, english, node, language);
  if (Array.isArray(english)) {
    if (!Array.isArray(node) || node.length !== english.length) return void problems.push(`${key}: should be a list of ${english.length}`);
    english.forEach((item, i) => compare(problems, `${key}[${i}]`, item, node[i], language));
    return;
  }
  if (!isObject(node)) return void problems.push(`${key}: should be an object`);
  if (isPluralMessage(english)) {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const have = Object.keys(node);
    if ([...have].sort().join() !== [...categories].sort().join())
      problems.push(`${key}: plural forms ${have.join(', ')}; ${language} needs ${categories.join(', ')}`);
    for (const category of have) compareText(problems, `${key}.${category}`, english.other!, node[category], language);
    return;
  }
  for (const [k, value] of Object.entries(english)) compare(problems, key ? `${key}.${k}` : k, value, node[k], language);
  for (const k of Object.keys(node)) if (!(k in english)) problems.push(`${key ? `${key}.` : ''}${k}: not in English`);
}

/** What is wrong with `messages` as the locale file of `language`, against English. */
export function localeProblems(language: string, messages: unknown, english: unknown): string[] {
  const problems: string[] = [];
  compare(problems, '', english as Node, messages, language);
  return problems;
}

export function readLocale(language: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const language = process.argv[2] ?? '';
  const problems = localeProblems(language, readLocale(language), readLocale('en'));
  for (const problem of problems) console.log(problem);
  console.log(problems.length ? `${language}: ${problems.length} problems` : `${language}: complete`);
  process.exitCode = problems.length ? 1 : 0;
}
