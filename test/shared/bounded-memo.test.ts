// shared/bounded-memo.ts: once per key, at most `max` kept (the oldest out), nothing kept for a throw.
import t from 'tap';
import { boundedMemo } from '../../src/shared/bounded-memo.ts';

t.test('a key is worked out once, while it is among the last `max` kept', async (t) => {
  const memo = boundedMemo<object>(2);
  let computed = 0;
  const value = (key: string) => memo(key, () => ({ key, n: ++computed }));
  const a = value('a');
  t.equal(value('a'), a, 'kept');
  value('b');
  t.equal(computed, 2);
  value('c');
  t.not(value('a'), a, 'the oldest went out when a third came in');
  t.equal(computed, 4);
});

t.test('a computation that throws keeps nothing', async (t) => {
  const memo = boundedMemo<number>(4);
  t.throws(
    () =>
      memo('x', () => {
        throw new Error('refused');
      }),
    /refused/,
  );
  t.equal(
    memo('x', () => 7),
    7,
    'worked out again',
  );
});
