// The password hash queue: at most N tasks at once; the rest wait, a bounded number, taking turns by key.
import t from 'tap';
import { PasswordHasher, PasswordQueueFull, TaskQueue } from '../../../../src/server/services/accounts/hash-queue.ts';
import { scryptParams } from '../../../../src/server/services/accounts/passwords.ts';

t.test('at most `size` tasks run at once; the others start in order as slots free', async (t) => {
  const queue = new TaskQueue(2);
  const started: number[] = [];
  const finish: Array<() => void> = [];
  const done = Array.from({ length: 5 }, (_, i) =>
    queue.run(() => {
      started.push(i);
      return new Promise<number>((resolve) => finish.push(() => resolve(i)));
    }),
  );
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  await settle();
  t.same(started, [0, 1], 'two start');
  finish[1]!();
  await settle();
  t.same(started, [0, 1, 2], 'one ends, the next in line starts');
  finish[0]!();
  finish[2]!();
  await settle();
  t.same(started, [0, 1, 2, 3, 4]);
  finish[3]!();
  finish[4]!();
  t.same(await Promise.all(done), [0, 1, 2, 3, 4], 'each gets its own answer');
});

t.test('a failed task frees its slot', async (t) => {
  const queue = new TaskQueue(1);
  await t.rejects(queue.run(() => Promise.reject(new Error('no'))));
  t.equal(await queue.run(async () => 'next'), 'next');
});

t.test('the hasher hashes and verifies through the queue, counting each scrypt run', async (t) => {
  const hasher = new PasswordHasher(scryptParams(10), 1);
  const hashes = await Promise.all([hasher.hash('first password'), hasher.hash('second password')]);
  t.equal(await hasher.verify('first password', hashes[0]!), true);
  t.equal(await hasher.verify('first password', hashes[1]!), false);
  t.equal(hasher.derivations, 4);
  t.equal(hasher.needsRehash(hashes[0]!), false);
});

/** A queue of one slot, held by a task the test ends; what started, in order. */
function heldQueue(maxWaiting: number) {
  const queue = new TaskQueue(1, maxWaiting);
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const add = (key: string, name: string) =>
    queue.run(() => {
      started.push(name);
      return new Promise<string>((resolve) => finish.set(name, () => resolve(name)));
    }, key);
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  /** Ends the running task and lets the next one start. */
  const end = async (name: string) => {
    finish.get(name)!();
    await settle();
  };
  return { queue, started, add, end, settle };
}

t.test("the least served key's task starts next: one key's burst does not hold up another's", async (t) => {
  const { started, add, end, settle } = heldQueue(100);
  void add('a', 'a0');
  await settle();
  for (let i = 1; i <= 4; i++) void add('a', `a${i}`);
  void add('b', 'b1');
  void add('c', 'c1');
  void add('b', 'b2');
  for (const name of ['a0', 'c1', 'b1', 'b2', 'a1', 'a2', 'a3']) await end(name);
  t.same(
    started,
    ['a0', 'c1', 'b1', 'b2', 'a1', 'a2', 'a3', 'a4'],
    'c and b, which started none, go before the rest of a (the shorter line first); then b, with one started as a, and fewer waiting',
  );
});

t.test("among keys that started none, a newcomer goes before the others' lines", async (t) => {
  // A burst's start: every address has a line and none has started a task this minute.
  const { started, add, end, settle } = heldQueue(100);
  void add('held', 'held');
  await settle();
  for (let i = 1; i <= 3; i++) for (const key of ['a', 'b']) void add(key, `${key}${i}`);
  void add('c', 'c1');
  for (const name of ['held', 'c1', 'a1', 'b1', 'a2', 'b2', 'a3']) await end(name);
  t.same(started, ['held', 'c1', 'a1', 'b1', 'a2', 'b2', 'a3', 'b3'], 'c, which has one waiting, first; then a and b by turns');
});

t.test('past the bound the newest of the longest line gives way, or the newcomer is refused', async (t) => {
  const { queue, started, add, end, settle } = heldQueue(3);
  void add('a', 'a0');
  await settle();
  const a = [add('a', 'a1'), add('a', 'a2'), add('a', 'a3')];
  t.equal(queue.waiting, 3, 'full');
  await t.rejects(add('a', 'a4'), { name: 'QueueFull' }, "a's own next task is refused: its line is the longest");
  const b1 = add('b', 'b1');
  await t.rejects(a[2]!, { name: 'QueueFull' }, "a newcomer from another key takes the place of a's newest");
  t.equal(queue.waiting, 3, 'still at the bound');
  await end('a0');
  await end('b1');
  await end('a1');
  await end('a2');
  t.same(started, ['a0', 'b1', 'a1', 'a2'], 'b, which started none, first');
  t.equal(await b1, 'b1');
});

t.test('a refused hash answers 503 with a Retry-After', async (t) => {
  const hasher = new PasswordHasher(scryptParams(10), 1, 1);
  const first = hasher.hash('one password', 'a');
  const second = hasher.hash('two password', 'a');
  const refused = await hasher.hash('three password', 'a').catch((error: unknown) => error);
  t.type(refused, PasswordQueueFull);
  t.equal((refused as PasswordQueueFull).statusCode, 503);
  t.ok((refused as PasswordQueueFull).retryAfterS >= 1, 'with a wait of at least a second');
  await Promise.all([first, second]);
});

t.test('what a key started counts for a minute', async (t) => {
  let now = 0;
  const queue = new TaskQueue(1, Infinity, () => now);
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const add = (key: string, name: string) =>
    void queue.run(() => {
      started.push(name);
      return new Promise<void>((resolve) => finish.set(name, resolve));
    }, key);
  const end = async (name: string) => {
    finish.get(name)!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  add('a', 'a0');
  add('a', 'a1');
  await end('a0');
  add('b', 'b1');
  await end('a1');
  t.same(started, ['a0', 'a1', 'b1'], 'a started two, b one');
  now += 60_000;
  add('a', 'a2');
  add('b', 'b2');
  await end('b1');
  t.same(started, ['a0', 'a1', 'b1', 'a2'], 'a minute on, both start from nothing: the earlier to queue goes first, not b');
});
