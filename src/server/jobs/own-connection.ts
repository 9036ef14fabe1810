// A job's own connection to the store. On SQLite the app has one connection,
// and a job's transaction on it would make every page wait until it ends; on
// a connection of its own, readers go on (WAL) while the job writes, and other
// writers wait up to the busy timeout, as with `npm run import`. PostgreSQL's
// pool already gives a transaction a connection of its own: the store is shared.
import { openStore, type Store } from '../store/db.ts';

export interface OwnConnection {
  store: Store;
  /** Closes it, if it is not the app's. */
  close(): Promise<void>;
}

/** `busyTimeoutMs`: its SQLite wait for the write lock (StoreOptions.busyTimeoutMs). */
export async function ownConnection(store: Store, { busyTimeoutMs }: { busyTimeoutMs?: number } = {}): Promise<OwnConnection> {
  if (store.dialect !== 'sqlite' || !store.reopen) return { store, close: async () => undefined };
  const own = await openStore({ ...store.reopen, ...(busyTimeoutMs !== undefined && { busyTimeoutMs }) });
  return { store: own, close: () => own.close() };
}
