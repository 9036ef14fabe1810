// The password hash queue: at most N tasks at once, the rest in the order they came.
import t from 'tap';
import { PasswordHasher, TaskQueue } from '../../../../src/server/services/accounts/hash-queue.ts';
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
