// What swr imports as `use-sync-external-store/shim` (build.mjs aliases it
// here): React 18 and later have the hook itself; the shim's own fallback for
// older React is dead weight in every page's first load.
export { useSyncExternalStore } from 'react';
