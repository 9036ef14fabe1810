// What `use-sync-external-store/shim` gives swr, from React itself: React 18+
// has the hook, and the shim's own copy (for React 16 and 17) is bytes the
// browser would load for nothing. build.mjs aliases the shim here for the
// browser bundle and the server-side render alike.
export { useSyncExternalStore } from 'react';
