// A job's own connection to the store. On SQLite the app's transactions take
// turns on one connection, and a job's long transaction there would make a
// lead's wait until it ends; on a connection of its own, readers go on (WAL)
// while the job writes, and other writers wait for its commit between tries
// (store/sqlite-waiting-driver.ts), as with `npm run import`. PostgreSQL's
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
