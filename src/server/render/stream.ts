// Streams a rendered page through Fastify (DESIGN §10: never write to reply.raw).
// Every React callback is handled: the shell sets the status; a shell error
// falls back to the error page, then to a static page; an abort timer bounds
// the render and is cleared when it ends; a client disconnect aborts it; crawlers
// get the whole document at once.
//
// React writes into a PageBody (page-body.ts), not a PassThrough: a page with
// nothing pending (every page today: its reads are done before the render)
// is complete when pipe() returns, and goes out as one Buffer, compressed once
// here (http/html-compression.ts) unless COMPRESS_HTML=false; a page still
// waiting on a Suspense boundary streams, each of React's passes one chunk.
//
// An aborted render is not the site's error: a visitor who left is logged at
// info, a render time-out at warn, once, with the reason; what React reports
// of the abort afterwards (onError per pending boundary) is not logged again.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InitialState } from '../../shared/state.ts';
import type { PageAssets, PipeableRender, SsrEntry } from '../../shared/ssr.ts';
import { STATE_GLOBAL } from '../../shared/ssr.ts';
import { HttpError, toErrorState } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { redactUrl } from '../http/redact.ts';
import { serializeState } from './serialize.ts';
import { serverTiming } from './server-timing.ts';
import { PageBody } from './page-body.ts';
import { compressHtml, htmlCompressor, htmlEncoding, varyOnEncoding } from '../http/html-compression.ts';

export interface StreamOptions {
  ssr: SsrEntry;
  state: InitialState;
  assets: PageAssets;
  status: number;
  waitForAll: boolean;
  timeoutMs: number;
  /** The state to render if the page's shell fails; null when this is already the error page. */
  errorState: ((error: unknown) => InitialState) | null;
  /** COMPRESS_HTML: compress the page for a client that accepts br or gzip. */
  compressHtml: boolean;
  /** The page's reads, done before the render (Server-Timing `reads`). */
  readsMs?: number;
  /** Told once how long the render ran, from its start to the end of the document or its abort. */
  onRendered?: (ms: number, outcome: RenderOutcome) => void;
}

export type RenderOutcome = 'complete' | 'aborted' | 'failed';

/** A render cut short by the visitor leaving or by its time-out. */
class RenderAborted extends Error {
  constructor(
    message: string,
    readonly level: 'info' | 'warn',
  ) {
    super(message);
  }
}

export function fallbackHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('errors.genericTitle')}</title></head><body><main><h1>${t('errors.errorPageFailed')}</h1><p><a href="/">${t('errors.backHome')}</a></p></main></body></html>`;
}

export async function streamPage(request: FastifyRequest, reply: FastifyReply, options: StreamOptions): Promise<FastifyReply> {
  const nonce = reply.cspNonce ?? { script: '', style: '' };
  const streamed = await renderOnce(request, reply, options, nonce).then(
    () => true,
    (error: unknown) => {
      // Aborted before its shell: already logged at its level; a client that left needs no error page.
      if (error instanceof RenderAborted) return error.level === 'info' ? null : false;
      request.log.error({ err: error }, 'page shell failed');
      return false;
    },
  );
  if (streamed) return reply;
  if (streamed === null) return reply.code(499).send();
  if (options.errorState) {
    // The visitor reads the generic text; the cause is in the log above.
    const state = options.errorState(new HttpError(500, t('errors.genericTitle')));
    const again = await renderOnce(
      request,
      reply,
      { ...options, state, status: state.error?.statusCode ?? 500, errorState: null },
      nonce,
    ).then(
      () => true,
      (error: unknown) => {
        request.log.error({ err: error }, 'error page failed');
        return false;
      },
    );
    if (again) return reply;
  }
  return reply.code(500).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(fallbackHtml());
}

/** Resolves once the page is being sent, or rejects if the shell fails (with RenderAborted if it was aborted). */
function renderOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  options: StreamOptions,
  nonce: { script: string; style: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    let started = false;
    let finished = false;
    let aborted: RenderAborted | null = null;
    let reported = false;
    let timer: NodeJS.Timeout | undefined;
    const stop = () => clearTimeout(timer);
    const report = (outcome: RenderOutcome) => {
      if (reported) return;
      reported = true;
      options.onRendered?.(performance.now() - began, outcome);
    };
    const done = () => {
      finished = true; // React has written the whole document
      stop();
      report(aborted ? 'aborted' : 'complete');
    };

    // `why` is made only when it is used: an Error captures its stack, and every page's socket closes after its document.
    const abort = (r: PipeableRender, why: () => RenderAborted) => {
      if (finished || aborted) return;
      aborted = why();
      request.log[aborted.level]({ reason: aborted.message, url: redactUrl(request.url), streaming: started }, 'render aborted');
      r.abort(aborted);
    };

    /** The whole document when React wrote it during pipe() (nothing pending): one Buffer, compressed once; else a stream. */
    const send = (r: PipeableRender) => {
      const encoding = htmlEncoding(request.headers['accept-encoding'], options.compressHtml);
      if (options.compressHtml) varyOnEncoding(reply);
      if (encoding) reply.header('content-encoding', encoding);
      const body = new PageBody();
      r.pipe(body.asDestination());
      if (body.complete) {
        done();
        const html = body.written();
        reply.send(encoding ? compressHtml(html, encoding) : html);
        return;
      }
      body.once('complete', done);
      const out = body.release(encoding ? htmlCompressor(encoding) : undefined);
      out.once('close', () => {
        stop();
        report(finished ? 'complete' : 'aborted');
      });
      reply.send(out);
    };

    const start = () => {
      if (started) return;
      started = true;
      // What is known before the first byte: the reads, and the render up to now
      // (the shell for a browser, the whole document for a crawler).
      reply.header('server-timing', serverTiming({ reads: options.readsMs, render: performance.now() - began }));
      reply.code(options.status).type('text/html; charset=utf-8');
      // The shell is ready, so render has resolved; its failure is handled below.
      void render.then(send);
      resolve();
    };

    const render = options.ssr.render({
      state: options.state,
      nonce,
      assets: options.assets,
      stateScript: `window.${STATE_GLOBAL}=${serializeState(options.state)}`,
      onShellReady() {
        if (!options.waitForAll) start();
      },
      onAllReady() {
        if (options.waitForAll) start();
      },
      onShellError(error) {
        stop();
        report('failed');
        if (!started) reject(aborted ?? error);
      },
      onError(error) {
        if (aborted) return; // the abort's own echo, logged once above
        // Errors inside Suspense boundaries after the shell: React recovers on
        // the client; log them with what was asked.
        request.log.error({ err: error, url: redactUrl(request.url), state: toErrorState(error) }, 'render error');
      },
    });

    render.then(
      (r) => {
        timer = setTimeout(
          () => abort(r, () => new RenderAborted(`render timed out after ${options.timeoutMs} ms`, 'warn')),
          options.timeoutMs,
        );
        // A visitor who goes away should not keep a render running.
        const gone = () => {
          abort(r, () => new RenderAborted('client disconnected', 'info'));
          stop();
        };
        if (request.raw.socket?.destroyed) gone();
        else reply.raw.once('close', gone);
      },
      (error) => {
        stop();
        report('failed');
        reject(error);
      },
    );
  });
}
