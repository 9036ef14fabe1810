// A feed server for the pull tests, on 127.0.0.1 and a free port, stopped when
// the test ends. It answers what the test last set, honours If-None-Match
// (304 when the ETag matches), and records every request it saw.
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';

export interface Answer {
  body?: string;
  etag?: string;
  lastModified?: string;
  /** Content-Encoding: gzip. */
  gzip?: boolean;
  /** The body is a gzip file served as is (feed.xml.gz, no Content-Encoding). */
  gzipFile?: boolean;
  /** An error status instead of the feed. */
  status?: number;
  /** Half the body, then the connection is cut. */
  cutOff?: boolean;
  /** Half the body, then nothing more (until the server stops). */
  stall?: boolean;
  /** Half the body, then the rest once this resolves. */
  rest?: Promise<unknown>;
  /** Called once the first half of a `rest` answer is sent. */
  halfSent?: () => void;
  /** Held until this resolves. */
  hold?: Promise<unknown>;
  /** Awaited before answering: a test may look at the store while the pull waits. */
  before?: (request: SeenRequest) => Promise<void>;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface FeedServer {
  /** The feed's address: `${base}/feed.xml`. */
  url: string;
  base: string;
  requests: SeenRequest[];
  /** Resolves at the next request. */
  nextRequest(): Promise<SeenRequest>;
  answer: Answer;
}

export interface Teardown {
  teardown(fn: () => unknown): void;
}

/** Listens on 127.0.0.1 and a free port until the test ends; resolves with `http://127.0.0.1:port`. */
export async function listenUntilTheEnd(t: Teardown, server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startFeedServer(t: Teardown, answer: Answer = {}): Promise<FeedServer> {
  const requests: SeenRequest[] = [];
  let waiting: Array<(r: SeenRequest) => void> = [];
  const state = { answer };
  const server = http.createServer(async (req, res) => {
    const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, at: Date.now() };
    requests.push(seen);
    for (const resolve of waiting) resolve(seen);
    waiting = [];
    const a = state.answer;
    if (a.before) await a.before(seen);
    if (a.hold) await a.hold;
    if (a.status) return void res.writeHead(a.status).end('no feed here');
    if (a.etag && req.headers['if-none-match'] === a.etag) return void res.writeHead(304, { etag: a.etag }).end();
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/xml' };
    if (a.etag) headers.etag = a.etag;
    if (a.lastModified) headers['last-modified'] = a.lastModified;
    let body = Buffer.from(a.body ?? '');
    if (a.gzip || a.gzipFile) body = zlib.gzipSync(body);
    if (a.gzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    if (a.rest) {
      const rest = a.rest;
      res.write(body.subarray(0, body.length >> 1), () => a.halfSent?.());
      return void rest.then(() => res.end(body.subarray(body.length >> 1)));
    }
    if (a.cutOff || a.stall) {
      res.write(body.subarray(0, body.length >> 1), () => {
        if (a.cutOff) res.socket?.destroy();
      });
      return;
    }
    res.end(body);
  });
  const base = await listenUntilTheEnd(t, server);
  return {
    url: `${base}/feed.xml`,
    base,
    requests,
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    get answer() {
      return state.answer;
    },
    set answer(a: Answer) {
      state.answer = a;
    },
  };
}
