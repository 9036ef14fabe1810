// The process's entry (`node dist/server/main.js`, `npm start`): Node's on-disk
// compile cache first, then the server (serve.ts). The cache keeps V8's code
// for every module loaded after this line, the 1 MB render bundle among them,
// so a start after the first compiles almost nothing (issue 12). Its folder is
// NODE_COMPILE_CACHE, or node-compile-cache under the system's temporary
// folder; a cache that cannot be written is skipped, never an error.
import module from 'node:module';

module.enableCompileCache?.();
await import('./serve.ts');
