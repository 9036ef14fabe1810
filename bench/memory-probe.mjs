// Loaded into a benched server with `--import` (bench/pull-pages.ts), never by
// the site itself: every 100 ms each of its threads (the main thread, and the
// pull's worker, which inherits the flag) writes the size of its V8 heap to
// `${BENCH_MEMORY_PROBE}/<threadId>.json`, and removes the file as it ends, for
// the bench to read beside /proc/<pid>/smaps when it samples the process's
// highest resident memory.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { threadId } from 'node:worker_threads';

const dir = process.env.BENCH_MEMORY_PROBE;
if (dir) {
  const file = path.join(dir, `${threadId}.json`);
  const write = () => {
    const heap = v8.getHeapStatistics();
    const sample = { threadId, heapPhysical: heap.total_physical_size, heapUsed: heap.used_heap_size, external: heap.external_memory };
    try {
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(sample));
      fs.renameSync(`${file}.tmp`, file);
    } catch {
      // the bench removed the folder: the server is stopping
    }
  };
  write();
  setInterval(write, 100).unref();
  // A thread that has ended holds no heap: its file goes with it.
  process.on('exit', () => fs.rmSync(file, { force: true }));
}
