// LazyPropertyTables.tsx in the browser: the server's tables kept, their code loaded to render them anew.
import { Island } from '../../lib/island.tsx';
import type { PriceHistory as History } from './PriceHistory.tsx';
import type { UnitsTable as Table } from './UnitsTable.tsx';

const loadTable = () => import('./UnitsTable.tsx').then((m) => m.UnitsTable);
const loadHistory = () => import('./PriceHistory.tsx').then((m) => m.PriceHistory);

export function UnitsTable(props: Parameters<typeof Table>[0]) {
  return <Island load={loadTable} props={props} />;
}

export function PriceHistory(props: Parameters<typeof History>[0]) {
  return <Island load={loadHistory} props={props} />;
}
