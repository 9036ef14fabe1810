// A file compressed once, when it is written, and sent as it is: Brotli to a
// client that takes it, else gzip, else the text unpacked from the gzip (rare:
// crawlers and browsers take both, curl by default neither). Compression and
// unpacking run on zlib's thread pool, off the request thread.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { htmlEncoding, varyOnEncoding } from '../http/html-compression.ts';

export interface CompressedFile {
  br: Buffer;
  gzip: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

// Paid once per file and catalogue version: the better levels, which a page compressed per response cannot afford.
const BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};

export async function compressFile(text: string): Promise<CompressedFile> {
  const raw = Buffer.from(text);
  const [br, gz] = await Promise.all([brotli(raw, BROTLI), gzip(raw, { level: 6 })]);
  return { br, gzip: gz };
}

/** The file in the coding the request accepts; the route must be registered with `compress: false`. */
export async function sendCompressed(request: FastifyRequest, reply: FastifyReply, file: CompressedFile): Promise<FastifyReply> {
  varyOnEncoding(reply);
  const encoding = htmlEncoding(request.headers['accept-encoding'], true);
  if (!encoding) return reply.send(await gunzip(file.gzip));
  reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? file.br : file.gzip);
}
