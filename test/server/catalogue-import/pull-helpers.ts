// A clock the pull tests move by hand, and a logger that keeps what it is told.
import type { PullLog } from '../../../src/server/catalogue-import/pull.ts';
import { manualClock } from '../../helpers/clock.ts';

export const T0 = Date.parse('2025-06-01T10:00:00.000Z');
export const MINUTE = 60_000;

export const clock = (start = T0) => manualClock(start);

export function logs() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as PullLog };
}
