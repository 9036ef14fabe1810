// Password hashes, at most `concurrency` at once (PASSWORD_HASH_CONCURRENCY),
// the others waiting their turn in order. scrypt runs on libuv's thread pool
// (4 threads by default), which compression and file reads share: a burst of
// password requests must not take every thread (and 128 MiB each) while pages
// wait. A queue, not a refusal: the rate limits bound how long it gets.
import { hashPassword, needsRehash, verifyPassword, type ScryptParams } from './passwords.ts';

/** Runs at most `size` tasks at once; the others start in the order they came. */
export class TaskQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

export class PasswordHasher {
  private readonly queue: TaskQueue;
  /** scrypt runs started (hashes and verifications): tests count them. */
  derivations = 0;

  constructor(
    readonly params: ScryptParams,
    concurrency: number,
  ) {
    this.queue = new TaskQueue(concurrency);
  }

  hash(password: string): Promise<string> {
    return this.queued(() => hashPassword(password, this.params));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.queued(() => verifyPassword(password, stored));
  }

  needsRehash(stored: string): boolean {
    return needsRehash(stored, this.params);
  }

  private queued<T>(derive: () => Promise<T>): Promise<T> {
    return this.queue.run(() => {
      this.derivations++;
      return derive();
    });
  }
}
