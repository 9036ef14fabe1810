// The initial state goes into an inline <script>. JSON is valid JavaScript, but
// not safe inside HTML: `</script>` or `<!--` in any string would end or change
// the script. Escaping these characters as \u sequences keeps the value identical
// once parsed, and leaves no `<` (nor `>`, `&`, U+2028, U+2029) in the markup.
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003C',
  '>': '\\u003E',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function escapeForScript(json: string): string {
  return json.replace(UNSAFE, (c) => ESCAPES[c]!);
}

export function serializeState(value: unknown): string {
  return escapeForScript(JSON.stringify(value));
}
