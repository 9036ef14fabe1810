// Bounded waits that say what they were waiting for: for any test, fast or
// e2e (they start nothing). browser.ts and processes.ts re-export them.

/** Generous but bounded: a slow CI machine may take seconds, never minutes. */
export const STEP_TIMEOUT_MS = 30_000;

/** Waits for `promise` at most `ms`, failing with a message that says what did not happen. */
export async function within<T>(promise: Promise<T>, what: string, ms = STEP_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls `check` until it returns something other than undefined/null/false, for at
 * most `timeoutMs`: a safety net for a stuck system, not a speed test, so give
 * it plenty. The error says what was awaited, and `details()` what was seen.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs: number,
  details?: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      // A column not set yet reads as null: that is 'not yet', not an answer.
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const why = last instanceof Error ? ` (last error: ${last.message})` : '';
      throw new Error(`gave up after ${timeoutMs / 1000} s waiting for ${what}${why}${details ? `\n${details()}` : ''}`);
    }
    await sleep(250);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counts a scheduled job's runs (give `onRun` to the job); `after(n)` waits, bounded, until n more
 * have finished: with two, one started after the call (the first may have been under way).
 */
export function jobRuns(): { onRun: () => void; after(n: number): Promise<void> } {
  let runs = 0;
  return {
    onRun: () => void runs++,
    async after(n) {
      const until = runs + n;
      await waitFor(`${n} more runs of the job`, () => runs >= until, STEP_TIMEOUT_MS);
    },
  };
}
