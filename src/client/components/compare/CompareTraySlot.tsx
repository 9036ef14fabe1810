// The way to the comparison from any page once this browser holds a list
// (CompareTray.tsx): nothing on the server and while hydrating, and no code
// loaded for a visitor who never picked a development to compare.
import { compareList } from '../../lib/compare-list.ts';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';

const tray = onDemand(() => import('./CompareTray.tsx').then((mod) => mod.CompareTray));

export function CompareTraySlot() {
  const ids = compareList.use();
  const Tray = useOnDemand(tray, ids.length > 0).value;
  return Tray && ids.length > 0 ? <Tray ids={ids} /> : null;
}
