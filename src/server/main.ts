// The process: read the config, build the app, listen, and drain on SIGTERM or
// SIGINT (stop accepting, finish in-flight requests, close the store, exit).
import { loadConfig, ConfigError } from './config.ts';
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
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining');
    const force = setTimeout(() => {
      app.log.error('drain timed out; exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
