// Whether this render runs in the browser after hydration: false on the server
// and while hydrating (so the markup matches the server's), true after, and at
// once for a component first shown by client navigation.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
