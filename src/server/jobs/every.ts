// The timer of a job: `work` at start (onReady) and then every `everyMs`, one
// run at a time, unref'd; before the store closes (preClose) the timer stops
// and a run in flight finishes. `work` reports its own failures.
import type { FastifyInstance } from 'fastify';

export function runEvery(app: FastifyInstance, everyMs: number, work: () => Promise<void>): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const run = () => void (running = running.then(work));
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
