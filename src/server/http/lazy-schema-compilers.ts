// Fastify requires its JSON-schema compilers (Ajv, fast-json-stringify's
// validator and their helpers, some ninety modules) when the app is created,
// for routes that declare a schema. This app's routes validate with
// superstruct and declare none, so each compiler is required only when a
// route first needs it (issue 12: start-up).
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type AnyFactory = (...args: unknown[]) => unknown;

const require = createRequire(import.meta.url);

/** The factory `module` exports (a function returning the factory, as Fastify calls it), required on first call. */
function lazyFactory(module: string): AnyFactory {
  let factory: AnyFactory | null = null;
  return (...args) => {
    factory ??= (require(module) as () => AnyFactory)();
    return factory(...args);
  };
}

export const lazySchemaCompilers = {
  buildValidator: lazyFactory('@fastify/ajv-compiler'),
  buildSerializer: lazyFactory('@fastify/fast-json-stringify-compiler'),
} as Factories;
