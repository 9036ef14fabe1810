// A job's timer: a run longer than the period is not followed by a queue of
// the ticks it outlasted, and closing waits for the run in flight.
import Fastify from 'fastify';
import t from 'tap';
import { runEvery } from '../../../src/server/jobs/every.ts';
import { sleep } from '../../helpers/wait.ts';

t.test('ticks during a run are skipped, not queued', async (t) => {
  const app = Fastify();
  let started = 0;
  let finished = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  runEvery(app, 5, async () => {
    started++;
    await gate;
    finished++;
  });
  await app.ready();
  await sleep(100); // some twenty ticks while the first run waits
  t.equal(started, 1, 'one run at a time');
  release();
  for (let i = 0; i < 5; i++) await new Promise(setImmediate);
  await app.close();
  t.ok(started <= 2, `no backlog of runs once the long one ends (${started} runs)`);
  t.equal(finished, started, 'closing waited for the run in flight');
});
