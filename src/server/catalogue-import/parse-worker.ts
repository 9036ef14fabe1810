// The worker side of parse-in-worker.ts: the feed's bytes come in as messages,
// readKyero turns them into properties, and they go back in batches. Both ways
// are flow-controlled, so neither the bytes nor the batches pile up when one
// side is slower than the other.
//
//   main → worker: { chunk: Uint8Array } | { end: true } | { ack: true }
//   worker → main: { taken: true } | { batch: FeedItem[] } | { done: ReadReport } | { error: string, feed: boolean }
import { parentPort, workerData } from 'node:worker_threads';
import { FeedError, newReadReport, readKyero, type FeedItem } from './kyero.ts';

if (!parentPort) throw new Error('parse-worker.ts runs in a worker thread');
const port = parentPort;
const { batchSize, batchesAhead } = workerData as { batchSize: number; batchesAhead: number };

const chunks: Uint8Array[] = [];
let ended = false;
let wake: (() => void) | null = null;
let unacked = 0;
let acked: (() => void) | null = null;

port.on('message', (message: { chunk?: Uint8Array; end?: boolean; ack?: boolean }) => {
  if (message.chunk) chunks.push(message.chunk);
  if (message.end) ended = true;
  if (message.ack) {
    unacked--;
    acked?.();
    acked = null;
  }
  wake?.();
  wake = null;
});

async function* input(): AsyncGenerator<Uint8Array> {
  for (;;) {
    const chunk = chunks.shift();
    if (chunk) {
      port.postMessage({ taken: true });
      yield chunk;
    } else if (ended) return;
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}

async function send(batch: FeedItem[]): Promise<void> {
  while (unacked >= batchesAhead) await new Promise<void>((resolve) => (acked = resolve));
  unacked++;
  port.postMessage({ batch });
}

const report = newReadReport();
try {
  let batch: FeedItem[] = [];
  for await (const item of readKyero(input(), report)) {
    batch.push(item);
    if (batch.length >= batchSize) {
      await send(batch);
      batch = [];
    }
  }
  if (batch.length) await send(batch);
  port.postMessage({ done: report });
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error), feed: error instanceof FeedError });
}
