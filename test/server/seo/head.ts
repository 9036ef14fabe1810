// Reading the head tags <Meta> renders, from a server-rendered page.
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function headOf(html: string): string {
  return /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
}

/** Every content of <meta name|property="key">, in order. */
export function metaAll(html: string, key: string): string[] {
  const re = /<meta (?:name|property)="([^"]+)" content="([^"]*)"\/>/g;
  return [...headOf(html).matchAll(re)].filter((m) => m[1] === key).map((m) => decode(m[2]!));
}

export function meta(html: string, key: string): string | null {
  return metaAll(html, key)[0] ?? null;
}

export function canonicals(html: string): string[] {
  return [...headOf(html).matchAll(/<link rel="canonical" href="([^"]*)"\/>/g)].map((m) => decode(m[1]!));
}

export function titleOf(html: string): string | null {
  const m = /<title>([^<]*)<\/title>/.exec(headOf(html));
  return m ? decode(m[1]!) : null;
}
