// An aborted render is not the site's error: a client that disconnects
// mid-stream is logged at info, a render time-out at warn, once each with its
// reason, and nothing at error (React reports the abort once per pending
// boundary through onError; those echoes are not logged again).
import t from 'tap';
import http from 'node:http';
import type { SsrEntry } from '../../../src/shared/ssr.ts';
import { startServer, testApp } from '../../helpers/app.ts';
import { LEVEL, logCollector, waitForLine } from '../../helpers/logs.ts';
import { STEP_TIMEOUT_MS, waitFor } from '../../helpers/wait.ts';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** A page whose shell streams at once and whose rest never comes, until aborted, as React behaves. */
function endlessSsr(aborts: unknown[]): SsrEntry {
  return {
    async render(options) {
      setImmediate(() => options.onShellReady());
      let out: NodeJS.WritableStream | undefined;
      return {
        pipe(w) {
          out = w;
          w.write(`<!DOCTYPE html><html><body>${'<p>shell</p>'.repeat(200)}`);
          return w;
        },
        abort(reason) {
          aborts.push(reason);
          // Two pending Suspense boundaries: React reports the abort for each.
          options.onError(reason);
          options.onError(reason);
          out?.end('</body></html>');
        },
      };
    },
  };
}

t.test('a client that disconnects mid-stream: one info line with the reason, no error', async (t) => {
  const logs = logCollector();
  const aborts: unknown[] = [];
  const { url } = await startServer(t, {
    ssr: endlessSsr(aborts),
    logger: true,
    logStream: logs.stream,
    env: { LOG_LEVEL: 'info', RENDER_TIMEOUT_MS: '60000' },
  });

  await new Promise<void>((resolve, reject) => {
    const request = http.get(`${url}/franchise`, { headers: { 'user-agent': BROWSER_UA } }, (response) => {
      // The first bytes of the page are here: hang up.
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
  });

  // The render is aborted and the response ends, whatever is logged about it.
  await waitForLine(logs.lines, (l) => l.msg === 'request completed' || l.msg === 'stream closed prematurely', 'the response to end');
  await waitFor('the render to be aborted', () => aborts.length > 0, STEP_TIMEOUT_MS);
  t.equal(aborts.length, 1, 'the render was aborted once');
  const aborted = logs.lines.find((l) => l.msg === 'render aborted');
  t.equal(aborted?.level, LEVEL.info);
  t.equal(aborted?.reason, 'client disconnected');
  t.equal(logs.lines.filter((l) => l.msg === 'render aborted').length, 1, 'logged once');
  t.same(
    logs.lines.filter((l) => l.level >= LEVEL.error),
    [],
    'nothing at error',
  );
});

t.test('a render time-out: one warn line with the reason, no error', async (t) => {
  const logs = logCollector();
  const aborts: unknown[] = [];
  const app = await testApp(t, {
    ssr: endlessSsr(aborts),
    logger: true,
    logStream: logs.stream,
    env: { LOG_LEVEL: 'info', RENDER_TIMEOUT_MS: '200' },
  });
  const res = await app.inject({ url: '/franchise', headers: { 'user-agent': BROWSER_UA } });
  t.match(res.body, '</html>', 'the page ended');
  t.equal(aborts.length, 1, 'the render was aborted by its timer');
  t.match(String(aborts[0]), /timed out after 200 ms/);
  const aborted = logs.lines.filter((l) => l.msg === 'render aborted');
  t.equal(aborted.length, 1);
  t.equal(aborted[0]?.level, LEVEL.warn);
  t.match(String(aborted[0]?.reason), /timed out after 200 ms/);
  t.same(
    logs.lines.filter((l) => l.level >= LEVEL.error),
    [],
    'nothing at error',
  );
});

t.test('a real error in a boundary is still logged at error', async (t) => {
  const logs = logCollector();
  const ssr: SsrEntry = {
    async render(options) {
      setImmediate(() => {
        options.onShellReady();
        options.onError(new Error('a component broke'));
      });
      return { pipe: (w) => (w.end('<!DOCTYPE html><html></html>'), w), abort() {} };
    },
  };
  const app = await testApp(t, { ssr, logger: true, logStream: logs.stream, env: { LOG_LEVEL: 'info' } });
  await app.inject({ url: '/franchise', headers: { 'user-agent': BROWSER_UA } });
  await waitForLine(logs.lines, (l) => l.msg === 'render error');
  t.equal(logs.lines.find((l) => l.msg === 'render error')?.level, LEVEL.error);
});
