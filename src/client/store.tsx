// The client store of SPEC §3: a small external store, one per app instance (a
// module-level store would share one visitor's state with the next on the server).
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { StoreState } from '../shared/state.ts';

export interface Store<S = StoreState> {
  get(): S;
  set(patch: Partial<S>): void;
  subscribe(listener: () => void): () => void;
}

/** An external store for useSyncExternalStore: the client store, and the auth store's state (lib/auth.tsx). */
export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const StoreContext = createContext<Store | null>(null);

export function StoreProvider({ store, children }: { store: Store; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useStoreApi(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside StoreProvider');
  return store;
}

export function useStore<T>(select: (state: StoreState) => T): T {
  const store = useStoreApi();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
