// readKyero in a worker thread: the feed is read (XML, encodings, rich text)
// on another core while this thread writes the last batch to the store. On
// SQLite, whose driver is synchronous, reading and writing otherwise take
// turns on one thread. The answer is the same as readKyero's, in batches.
//
// This thread reads the input (a file or a download) and hands its chunks
// over, at most CHUNKS_AHEAD not yet taken; the worker parses at most
// BATCHES_AHEAD batches beyond the one being written. A failed input throws
// its own error; a malformed feed throws the worker's FeedError.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FeedError, type FeedInput, type FeedItem, type ReadReport } from './kyero.ts';

const CHUNKS_AHEAD = 8;
const BATCHES_AHEAD = 2;

type FromWorker = { taken?: true; batch?: FeedItem[]; done?: ReadReport; error?: string; feed?: boolean };

/** The worker's file beside this one: .js once compiled, .ts under tsx. */
const EXTENSION = path.extname(new URL(import.meta.url).pathname);
const WORKER_FILE = new URL(`./parse-worker${EXTENSION}`, import.meta.url);

/** Under tsx a worker does not inherit its loader: the worker registers it, then loads the .ts file. */
function startWorker(workerData: unknown): Worker {
  if (EXTENSION !== '.ts') return new Worker(WORKER_FILE, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(WORKER_FILE.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

export async function* readKyeroInWorker(input: FeedInput, report: ReadReport, batchSize: number): AsyncGenerator<FeedItem[]> {
  const worker = startWorker({ batchSize, batchesAhead: BATCHES_AHEAD });
  const batches: FeedItem[][] = [];
  let failure: Error | null = null;
  let done = false;
  let inFlight = 0;
  let wakeReader: (() => void) | null = null;
  let wakePump: (() => void) | null = null;
  const wake = () => {
    wakeReader?.();
    wakeReader = null;
  };
  const resume = () => {
    wakePump?.();
    wakePump = null;
  };
  const fail = (error: Error) => {
    failure ??= error;
    wake();
    resume();
  };

  worker.on('message', (message: FromWorker) => {
    if (message.taken) {
      inFlight--;
      resume();
    }
    if (message.batch) batches.push(message.batch);
    if (message.done) {
      Object.assign(report, message.done);
      done = true;
    }
    if (message.error !== undefined) fail(message.feed ? new FeedError(message.error) : new Error(message.error));
    wake();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!done) fail(new Error(`the feed reader stopped (exit code ${code})`));
  });

  const pump = (async () => {
    for await (const chunk of input) {
      if (failure) return;
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      // A copy of its own, so that its memory can move to the worker.
      const own = new Uint8Array(bytes);
      worker.postMessage({ chunk: own }, [own.buffer]);
      inFlight++;
      while (inFlight >= CHUNKS_AHEAD && !failure) await new Promise<void>((resolve) => (wakePump = resolve));
    }
    worker.postMessage({ end: true });
  })().catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));

  try {
    for (;;) {
      const batch = batches.shift();
      if (batch) {
        worker.postMessage({ ack: true });
        yield batch;
      } else if (failure) throw failure;
      else if (done) break;
      else await new Promise<void>((resolve) => (wakeReader = resolve));
    }
    await pump;
  } finally {
    done = true;
    resume();
    await worker.terminate();
  }
}
