// A clock the pull tests move by hand, and a logger that keeps what it is told.
import type { PullLog } from '../../../src/server/catalogue-import/pull.ts';

export const T0 = Date.parse('2025-06-01T10:00:00.000Z');
export const MINUTE = 60_000;

export function clock(start = T0) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}

export function logs() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as PullLog };
}
