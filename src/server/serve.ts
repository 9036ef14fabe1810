// The server process: read the config, build the app, listen, and drain on SIGTERM or
// SIGINT (stop accepting, finish in-flight requests, close the store, exit 0),
// or after a crash, logged first (exit 1).
import { loadConfig, ConfigError } from './config.ts';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';

const DRAIN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  // SIGTERM/SIGINT drain; an uncaught exception or unhandled rejection is
  // logged (fatal, with its stack) before the same drain, then exit 1. A drain
  // that outlasts DRAIN_TIMEOUT_MS, or a second signal or crash, exits at once.
  closeWithGrace(
    {
      delay: DRAIN_TIMEOUT_MS,
      logger: false,
      onTimeout: () => app.log.error('drain timed out; exiting'),
      onSecondSignal: (signal) => app.log.warn({ signal }, 'second signal while draining; exiting'),
      onSecondError: (error) => app.log.fatal({ err: error }, 'crashed again while draining; exiting'),
    },
    async ({ signal, err }) => {
      if (err) app.log.fatal({ err }, 'crashed; draining before exit');
      else app.log.info({ signal }, 'draining');
      await app.close().catch((error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        throw error;
      });
    },
  );
  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
