// Streams a rendered page through Fastify (DESIGN §10: never write to reply.raw).
// Every React callback is handled: the shell sets the status; a shell error
// falls back to the error page, then to a static page; an abort timer bounds
// the render and is cleared when it ends; a client disconnect aborts it; crawlers
// get the whole document at once.
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InitialState } from '../../shared/state.ts';
import type { PageAssets, SsrEntry } from '../../shared/ssr.ts';
import { STATE_GLOBAL } from '../../shared/ssr.ts';
import { HttpError, toErrorState } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { serializeState } from './serialize.ts';

export interface StreamOptions {
  ssr: SsrEntry;
  state: InitialState;
  assets: PageAssets;
  status: number;
  waitForAll: boolean;
  timeoutMs: number;
  /** The state to render if the page's shell fails; null when this is already the error page. */
  errorState: ((error: unknown) => InitialState) | null;
}

export function fallbackHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('errors.genericTitle')}</title></head><body><main><h1>${t('errors.errorPageFailed')}</h1><p><a href="/">${t('errors.backHome')}</a></p></main></body></html>`;
}

export async function streamPage(request: FastifyRequest, reply: FastifyReply, options: StreamOptions): Promise<FastifyReply> {
  const nonce = reply.cspNonce ?? { script: '', style: '' };
  const streamed = await renderOnce(request, reply, options, nonce).then(
    () => true,
    (error: unknown) => {
      request.log.error({ err: error }, 'page shell failed');
      return false;
    },
  );
  if (streamed) return reply;
  if (options.errorState) {
    // The visitor reads the generic text; the cause is in the log above.
    const state = options.errorState(new HttpError(500, t('errors.genericTitle')));
    const again = await renderOnce(request, reply, { ...options, state, status: state.error?.statusCode ?? 500, errorState: null }, nonce).then(
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

/** Resolves once streaming has started, or rejects if the shell fails. */
function renderOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  options: StreamOptions,
  nonce: { script: string; style: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    let started = false;
    let finished = false;
    let timer: NodeJS.Timeout | undefined;
    const body = new PassThrough();
    const stop = () => clearTimeout(timer);
    body.once('finish', () => {
      finished = true; // React has written the whole document
      stop();
    });
    body.once('close', stop);

    const start = () => {
      if (started) return;
      started = true;
      reply.code(options.status).type('text/html; charset=utf-8');
      // The shell is ready, so render has resolved; its failure is handled below.
      void render.then((r) => r.pipe(body));
      // Not resolve(reply.send(...)): a Fastify reply is thenable and would be awaited.
      reply.send(body);
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
        if (!started) reject(error);
      },
      onError(error) {
        // Errors inside Suspense boundaries after the shell: React recovers on
        // the client; log them with what was asked.
        request.log.error({ err: error, url: request.url, state: toErrorState(error) }, 'render error');
      },
    });

    render.then(
      (r) => {
        timer = setTimeout(() => r.abort(new Error(`render timed out after ${options.timeoutMs} ms`)), options.timeoutMs);
        // A visitor who goes away should not keep a render running.
        reply.raw.once('close', () => {
          if (!finished) r.abort(new Error('client disconnected'));
          stop();
        });
      },
      (error) => {
        stop();
        reject(error);
      },
    );
  });
}
