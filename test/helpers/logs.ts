// Collects an app's log lines (pino JSON) for a test: pass `stream` as the
// app's logStream (with logger: true and a LOG_LEVEL), then read `lines`.
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

/** Resolves once a line passes `test` (polling); a test's own time-out bounds the wait. */
export async function waitForLine(lines: LogLine[], test: (line: LogLine) => boolean): Promise<LogLine> {
  for (;;) {
    const found = lines.find(test);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
