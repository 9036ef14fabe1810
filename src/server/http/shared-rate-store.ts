// A rate-limit store (@fastify/rate-limit) whose routes share one count per key.
// The plugin gives each limited route a child store of its own by default; the
// lead routes (POST /api/leads and the forms posted without JavaScript) must
// count together, or a client would get the limit once per way of sending.
// Fixed windows, in this process's memory, as the plugin's own LocalStore.
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

/** Keys kept at most; the oldest window goes first (a Map iterates in insertion order). */
const MAX_KEYS = 5000;

interface Window {
  current: number;
  start: number;
}

export class SharedRateStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.start + timeWindow <= now) {
      window = { current: 0, start: now };
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
    }
    window.current++;
    callback(null, { current: window.current, ttl: window.start + timeWindow - now });
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}
