// LazyPropertyTables.tsx in the browser: the server's tables kept, their code loaded only to render them anew
// (a client navigation): nothing in them to use, so no touch or focus loads it.
import { Island } from '../../lib/island.tsx';
import type { PriceHistory as History } from './PriceHistory.tsx';
import type { UnitsTable as Table } from './UnitsTable.tsx';

const loadTable = () => import('./UnitsTable.tsx').then((m) => m.UnitsTable);
const loadHistory = () => import('./PriceHistory.tsx').then((m) => m.PriceHistory);

export function UnitsTable(props: Parameters<typeof Table>[0]) {
  return <Island load={loadTable} props={props} onUse={false} />;
}

export function PriceHistory(props: Parameters<typeof History>[0]) {
  return <Island load={loadHistory} props={props} onUse={false} />;
}
