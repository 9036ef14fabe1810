// Fetches one feed picture from its server: http(s) only, public addresses only
// (checked again on every redirect, which are followed here, at most
// MAX_REDIRECTS), one time-out for the whole of it (connect, headers, every
// redirect and the last byte), at most `maxBytes`, and only what both says and
// is a raster picture (formats.ts).
import http from 'node:http';
import https from 'node:https';
import { HttpError } from '../../shared/errors.ts';
import {
  addressPolicy,
  guardedLookup,
  literalAddress,
  RefusedAddress,
  systemResolve,
  type AddressPolicy,
  type Resolve,
} from './addresses.ts';
import { PICTURE_TYPES, SNIFF_BYTES, sniffPicture, type PictureType } from './formats.ts';

export const MAX_BYTES = 15 * 1024 * 1024;
export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS = {
  accept: Object.keys(PICTURE_TYPES).join(', '),
  'user-agent': 'SpainNewHomes-PictureProxy/1.0',
};

/** Why a picture is not served: 504 for a server too slow, 502 for anything else. */
export class PictureError extends HttpError {
  constructor(
    statusCode: 502 | 504,
    readonly reason: string,
    /** Set when the address was refused (not public, or not http(s)). */
    readonly refused = false,
  ) {
    super(statusCode, `the picture could not be fetched: ${reason}`);
    this.name = 'PictureError';
  }
}

export interface FetchOptions {
  timeoutMs: number;
  maxBytes?: number;
  policy?: AddressPolicy;
  resolve?: Resolve;
}

/** Tests only, never configuration: what a test's picture server needs to be reached. */
export interface PictureAccess {
  /** CIDR ranges fetched although not public (tests serve pictures from 127.0.0.1). */
  allowRanges?: string[];
  /** DNS for the picture hosts (the addresses it returns are checked all the same). */
  resolve?: Resolve;
}

/** How the site fetches feed pictures: IMAGE_FETCH_TIMEOUT_MS, public addresses only (unless a test allows more). */
export function pictureFetchOptions(timeoutMs: number, access: PictureAccess = {}): FetchOptions {
  return { timeoutMs, policy: addressPolicy(access.allowRanges), resolve: access.resolve ?? systemResolve };
}

export interface Picture {
  type: PictureType;
  bytes: Buffer;
  /** The answer's validators, for a conditional GET later. */
  etag: string | null;
  lastModified: string | null;
}

/** What a conditional GET sends back: the validators of the copy held. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** The picture at `url`; with `held`, null when the server answers that it has not changed (304). */
export async function fetchPicture(url: string, options: FetchOptions): Promise<Picture>;
export async function fetchPicture(url: string, options: FetchOptions, held: Validators | null): Promise<Picture | null>;
export async function fetchPicture(url: string, options: FetchOptions, held: Validators | null = null): Promise<Picture | null> {
  const policy = options.policy ?? addressPolicy();
  const lookup = guardedLookup(policy, options.resolve ?? systemResolve);
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new PictureError(502, 'not a valid address', true);
  }
  for (let redirects = 0; ; redirects++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new PictureError(502, `not an http(s) address (${target.protocol})`, true);
    }
    const literal = literalAddress(target.hostname);
    if (literal && !policy.allows(literal)) throw new PictureError(502, new RefusedAddress(target.hostname, literal).message, true);
    const res = await request(target, lookup, deadline, conditionalHeaders(held));
    try {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        const location = res.headers.location;
        if (!location) throw new PictureError(502, `status ${status} without a location`);
        if (redirects >= MAX_REDIRECTS) throw new PictureError(502, `more than ${MAX_REDIRECTS} redirects`);
        try {
          target = new URL(location, target);
        } catch {
          throw new PictureError(502, 'redirected to an invalid address', true);
        }
        continue;
      }
      if (status === 304 && held) return null;
      if (status !== 200) throw new PictureError(502, `status ${status}`);
      const declared = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!Object.hasOwn(PICTURE_TYPES, declared)) throw new PictureError(502, `not a picture (${declared || 'no type'})`);
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) throw new PictureError(502, 'too large');
      const picture = await readPicture(res, maxBytes, deadline);
      return { ...picture, etag: header(res, 'etag'), lastModified: header(res, 'last-modified') };
    } catch (error) {
      if (deadline.aborted) throw tooSlow();
      // Else the connection closed before the whole body came.
      throw error instanceof PictureError ? error : new PictureError(502, 'the answer was cut off');
    } finally {
      res.destroy();
    }
  }
}

const tooSlow = () => new PictureError(504, 'the picture server is too slow');

const header = (res: http.IncomingMessage, name: string): string | null => {
  const value = res.headers[name];
  return typeof value === 'string' && value.length <= 200 ? value : null;
};

function conditionalHeaders(held: Validators | null): Record<string, string> {
  return {
    ...(held?.etag && { 'if-none-match': held.etag }),
    ...(held?.lastModified && { 'if-modified-since': held.lastModified }),
  };
}

/** Sends a GET and resolves with the answer's headers; the body is the caller's to read or destroy. */
function request(
  target: URL,
  lookup: ReturnType<typeof guardedLookup>,
  deadline: AbortSignal,
  conditional: Record<string, string>,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = target.protocol === 'https:' ? https.request : http.request;
    // agent: false: a fresh connection each time, never a pooled socket to an address checked for another request.
    const req = send(target, { method: 'GET', headers: { ...HEADERS, ...conditional }, lookup, agent: false, signal: deadline }, resolve);
    req.on('error', (error) => {
      if (deadline.aborted) return reject(tooSlow());
      if (error instanceof RefusedAddress) return reject(new PictureError(502, error.message, true));
      reject(new PictureError(502, `no answer (${(error as NodeJS.ErrnoException).code ?? error.message})`));
    });
    req.end();
  });
}

async function readPicture(res: http.IncomingMessage, maxBytes: number, deadline: AbortSignal): Promise<Pick<Picture, 'type' | 'bytes'>> {
  // Aborting the request stops a body that stalls or trickles, too.
  const stop = () => res.destroy(deadline.reason as Error);
  deadline.addEventListener('abort', stop, { once: true });
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    let type: PictureType | null = null;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new PictureError(502, 'too large');
      chunks.push(chunk);
      // Refuse what is not a picture as soon as its first bytes say so, not after 15 MB of it.
      if (!type && size >= SNIFF_BYTES) type = sniffed(Buffer.concat(chunks));
    }
    if (!res.complete) throw new PictureError(502, 'the answer was cut off');
    const bytes = Buffer.concat(chunks);
    return { type: type ?? sniffed(bytes), bytes };
  } finally {
    deadline.removeEventListener('abort', stop);
  }
}

function sniffed(head: Buffer): PictureType {
  const type = sniffPicture(head);
  if (!type) throw new PictureError(502, 'not a picture (its content is no JPEG, PNG, WebP, GIF or AVIF)');
  return type;
}
