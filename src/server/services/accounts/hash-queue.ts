// Password hashes, at most `concurrency` at once (PASSWORD_HASH_CONCURRENCY).
// scrypt runs on libuv's thread pool (4 threads by default), which compression
// and file reads share: a burst of password requests must not take every
// thread (and 128 MiB each) while pages wait.
//
// The others wait, at most PASSWORD_HASH_QUEUE of them, and the next to start
// is from the client address that started the fewest in the last minute, and
// among those the one with the fewest waiting: a burst from many addresses,
// each within its rate limit, delays a login from an address that asked for
// nothing lately by about one hash, not by the burst (at a burst's start, when
// no address has started any, a newcomer still goes before the lines).
// Past the bound a request is refused at once (503 with Retry-After): the
// newest of the longest line gives way to a newcomer from a shorter one, so a
// burst cannot keep anyone else out. A login from a browser that logged in to
// that client before (a valid device cookie, devices.ts) takes turns as that
// device, not as its address: a browser that asked for nothing lately goes
// next, and one that sends many is served like any busy address.
import { RetryLater } from '../../../shared/errors.ts';
import { t } from '../../../shared/i18n.ts';
import { hashPassword, needsRehash, verifyPassword, type ScryptParams } from './passwords.ts';

/** Refused: too many password requests are waiting. */
export class QueueFull extends Error {
  override name = 'QueueFull';
}

interface Waiter {
  start(): void;
  refuse(error: Error): void;
}

/** How long a key's started tasks count against it. */
const SHARE_WINDOW_MS = 60_000;

/**
 * Runs at most `size` tasks at once. The others wait, at most `maxWaiting`; the
 * next to start is the oldest task of the key that started the fewest in the
 * current minute, then has the fewest waiting (the earliest to queue among equals).
 */
export class TaskQueue {
  private running = 0;
  private count = 0;
  /** Each key's waiting tasks, in the order they came; keys in the order they queued. */
  private readonly lines = new Map<string, Waiter[]>();
  /** Tasks started per key since `windowStart`. */
  private started = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly size: number,
    private readonly maxWaiting = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many tasks are waiting for a slot. */
  get waiting(): number {
    return this.count;
  }

  async run<T>(task: () => Promise<T>, key = ''): Promise<T> {
    if (this.running < this.size) {
      this.running++;
      this.countStart(key);
    } else await this.wait(key);
    try {
      return await task();
    } finally {
      this.next();
    }
  }

  private wait(key: string): Promise<void> {
    if (this.count >= this.maxWaiting) this.makeRoom(key);
    return new Promise<void>((start, refuse) => {
      const line = this.lines.get(key);
      if (line) line.push({ start, refuse });
      else this.lines.set(key, [{ start, refuse }]);
      this.count++;
    });
  }

  /** Refuses the newest task of the longest line, if it is longer than `key`'s would be; else the newcomer. */
  private makeRoom(key: string): void {
    let longest: [string, Waiter[]] | null = null;
    for (const entry of this.lines) if (!longest || entry[1].length > longest[1].length) longest = entry;
    const own = (this.lines.get(key)?.length ?? 0) + 1;
    if (!longest || longest[1].length <= own) throw new QueueFull();
    longest[1].pop()!.refuse(new QueueFull());
    if (!longest[1].length) this.lines.delete(longest[0]);
    this.count--;
  }

  /** Counts a start for `key` (none for null) in the current window, which starts anew each minute. */
  private countStart(key: string | null): void {
    if (this.now() - this.windowStart >= SHARE_WINDOW_MS) {
      this.started = new Map();
      this.windowStart = this.now();
    }
    if (key !== null) this.started.set(key, (this.started.get(key) ?? 0) + 1);
  }

  /** Whether `a`'s line goes before `b`'s: fewer started this minute, then fewer waiting. */
  private before([aKey, aLine]: [string, Waiter[]], [bKey, bLine]: [string, Waiter[]]): boolean {
    const a = this.started.get(aKey) ?? 0;
    const b = this.started.get(bKey) ?? 0;
    return a < b || (a === b && aLine.length < bLine.length);
  }

  /** The slot passes to the least served key's oldest task, or is freed. */
  private next(): void {
    this.countStart(null);
    let turn: [string, Waiter[]] | null = null;
    for (const entry of this.lines) if (!turn || this.before(entry, turn)) turn = entry;
    if (!turn) {
      this.running--;
      return;
    }
    const [key, line] = turn;
    const waiter = line.shift()!;
    if (!line.length) this.lines.delete(key);
    this.countStart(key);
    this.count--;
    waiter.start();
  }
}

/** The 503 of a refused password request: what to say, and when to try again. */
export class PasswordQueueFull extends RetryLater {
  constructor(retryAfterS: number) {
    super(503, t('account.errors.busy'), retryAfterS);
  }
}

export class PasswordHasher {
  private readonly queue: TaskQueue;
  /** scrypt runs started (hashes and verifications): tests count them. */
  derivations = 0;
  /** The last scrypt run's time, for Retry-After. */
  private lastMs = 250;

  constructor(
    readonly params: ScryptParams,
    private readonly concurrency: number,
    maxWaiting = Infinity,
  ) {
    this.queue = new TaskQueue(concurrency, maxWaiting);
  }

  /** `who`: the client's address (or trusted device), whose requests take turns with others'. */
  hash(password: string, who = ''): Promise<string> {
    return this.queued(() => hashPassword(password, this.params), who);
  }

  verify(password: string, stored: string, who = ''): Promise<boolean> {
    return this.queued(() => verifyPassword(password, stored), who);
  }

  needsRehash(stored: string): boolean {
    return needsRehash(stored, this.params);
  }

  private async queued<T>(derive: () => Promise<T>, who: string): Promise<T> {
    try {
      return await this.queue.run(async () => {
        this.derivations++;
        const started = performance.now();
        try {
          return await derive();
        } finally {
          this.lastMs = performance.now() - started;
        }
      }, who);
    } catch (error) {
      if (!(error instanceof QueueFull)) throw error;
      // The queue ahead of a retry, at the pace of the last hash.
      throw new PasswordQueueFull(Math.max(1, Math.ceil(((this.queue.waiting / this.concurrency) * this.lastMs) / 1000)));
    }
  }
}
