// A clock a test moves by hand: `now()` for the code under test, `advance(ms)` to move it on.
export function manualClock(start: Date | number) {
  let at = typeof start === 'number' ? start : start.getTime();
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}
