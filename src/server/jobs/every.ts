// The timer of a job: `work` at start (onReady) and then every `everyMs`, one
// run at a time: a tick while a run is still going is skipped, not queued, so a
// run longer than the period is followed by one more, not by a backlog. The
// timer is unref'd; before the store closes (preClose) it stops and a run in
// flight finishes. `work` reports its own failures.
import type { FastifyInstance } from 'fastify';

export function runEvery(app: FastifyInstance, everyMs: number, work: () => Promise<void>): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= work().finally(() => {
      running = null;
    });
  };
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
