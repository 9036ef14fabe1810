// Collects an app's log lines (pino JSON) for a test: pass `stream` as the
// app's logStream (with logger: true and a LOG_LEVEL), then read `lines`.
import { STEP_TIMEOUT_MS, waitFor } from './wait.ts';

export interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  [field: string]: unknown;
}

export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

export function logCollector(): { stream: { write(line: string): void }; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    stream: {
      write(chunk: string) {
        for (const line of chunk.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      },
    },
  };
}

/** Resolves once a line passes `test`; fails after STEP_TIMEOUT_MS, showing the lines seen. */
export function waitForLine(lines: LogLine[], test: (line: LogLine) => boolean, what = 'the log line'): Promise<LogLine> {
  return waitFor(
    what,
    () => lines.find(test),
    STEP_TIMEOUT_MS,
    () => lines.map((l) => JSON.stringify(l)).join('\n'),
  );
}
