// The initial state in the page survives hostile strings: nothing in it can end
// or change its <script>, and it parses back to exactly the same value.
import t from 'tap';
import { serializeState, escapeForScript } from '../../../src/server/render/serialize.ts';
import { testApp } from '../../helpers/app.ts';
import { stateOf, stateScriptOf } from '../../helpers/html.ts';

const HOSTILE = [
  '</script><script>alert(1)</script>',
  '<!--',
  '<!-- <script>',
  '--><img src=x onerror=alert(1)>',
  '</SCRIPT>',
  '<\\/script>', // a backslash before the slash, as some escapers write it
  '\u2028\u2029',
  'a\u2028b\u2029c',
  '&lt;&amp;&#x3C;',
  ']]>',
  '"\'\\`${x}',
  '\u0000\u001f\u007f',
  '\ud83c\udfe0 casa',
  'ñandú <b>',
];

function randomString(rng: () => number): string {
  const alphabet = [
    '<',
    '>',
    '&',
    '/',
    '!',
    '-',
    's',
    'c',
    'r',
    'i',
    'p',
    't',
    '"',
    "'",
    '\\',
    '\u2028',
    '\u2029',
    '\n',
    ' ',
    'é',
    '\ud83c\udfe0',
  ];
  let out = '';
  const length = Math.floor(rng() * 40);
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(rng() * alphabet.length)];
  return out;
}

function seeded(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

t.test('escaped state has no unsafe character and round-trips exactly', async (t) => {
  const rng = seeded(42);
  const samples = [...HOSTILE, ...Array.from({ length: 500 }, () => randomString(rng))];
  for (const s of samples) {
    const value = { text: s, nested: { list: [s, { [s]: s }] } };
    const out = serializeState(value);
    t.notOk(/[<>&\u2028\u2029]/.test(out), `no unsafe character for ${escapeForScript(JSON.stringify(s))}`);
    t.same(JSON.parse(out), value, 'parses back to the same value');
    // Evaluated as the browser will: the output must be a JavaScript expression, not only JSON.
    t.same(new Function(`return ${out}`)(), value, 'and evaluates as JavaScript to the same value');
  }
  t.equal(escapeForScript('</script>'), '\\u003C/script\\u003E');
});

t.test('hostile content reaches the page state intact and harmless', async (t) => {
  const app = await testApp(t);
  const now = new Date().toISOString();
  const title = HOSTILE.join(' | ');
  await app.store.db
    .insertInto('content_pages')
    .values({
      slug: 'hostile',
      partner_id: null,
      title,
      summary: HOSTILE[0]!,
      body: HOSTILE.join('\n\n'),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const res = await app.inject('/hostile');
  t.equal(res.statusCode, 200);
  const script = stateScriptOf(res.body);
  t.notOk(script.includes('<'), 'no < byte inside the state script');
  const state = stateOf(res.body);
  const page = (Object.values(state.data)[0] as { data: { title: string; body: string } }).data;
  t.equal(page.title, title, 'the title round-trips exactly');
  t.equal(page.body, HOSTILE.join('\n\n'), 'the body round-trips exactly');
  t.equal((res.body.match(/<script/gi) ?? []).length, 2, 'only the state and the entry script are in the page');
});
