// Preloaded (node --import) into a server process by test/server/main.e2e.test.ts:
// a line on stdin makes the process crash the way a bug would, once it runs:
// "exception" throws from a callback, "rejection" leaves a promise rejected.
process.stdin.setEncoding('utf8');
process.stdin.on('data', (line) => {
  const what = line.trim();
  if (what === 'exception')
    setImmediate(() => {
      throw new Error('test crash: exception');
    });
  if (what === 'rejection') void Promise.reject(new Error('test crash: rejection'));
});
process.stdin.unref?.();
