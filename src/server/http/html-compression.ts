// A page is compressed here, once per response, not by @fastify/compress: the
// plugin turns even a finished Buffer into a stream pipeline per request, and
// sends every few-KB chunk of a streamed page through zlib's thread pool on its
// own. Brotli at quality 5: the search page's HTML within its 8 KiB in every
// language (German, Russian and Japanese pages are 3–11 % larger), for about
// 0.36 ms of CPU more than quality 3 (docs/decisions/page-compression.md);
// gzip at level 4. COMPRESS_HTML=false leaves it to a CDN in front.
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

export type HtmlEncoding = 'br' | 'gzip';

/** Route options of every route that renders a page: the page compresses itself. */
export const PAGE_ROUTE = { compress: false } as const;

const BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
const GZIP = { level: 4 };

/** The quality value of each coding the client names (`br;q=0.5, gzip` → br 0.5, gzip 1). */
function accepted(header: string): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    codings.set(name.trim().toLowerCase(), q === undefined ? 1 : Number(q));
  }
  return codings;
}

/** Brotli if the client takes it, else gzip, else none (null); none at all when `enabled` is false. */
export function htmlEncoding(acceptEncoding: string | undefined, enabled: boolean): HtmlEncoding | null {
  if (!enabled || !acceptEncoding) return null;
  const codings = accepted(acceptEncoding);
  const any = codings.get('*') ?? 0;
  for (const coding of ['br', 'gzip'] as const) if ((codings.get(coding) ?? any) > 0) return coding;
  return null;
}

export function compressHtml(html: Buffer, encoding: HtmlEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(html, BROTLI) : zlib.gzipSync(html, GZIP);
}

/** A compressing stream, for a page whose parts arrive over time (flushed after each part). */
export function htmlCompressor(encoding: HtmlEncoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip(GZIP);
}

/** Says that the answer depends on Accept-Encoding, beside what Vary names already. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
