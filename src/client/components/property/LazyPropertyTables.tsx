// The property page's units table and price history, whose code the browser
// loads only to render them itself (LazyPropertyTables.browser.tsx,
// lib/island.tsx; docs/decisions/parts-taken-over-on-first-use.md): they have
// nothing to click, so the server's DOM stays as it is; after a client
// navigation their code loads and renders them.
import { framed } from '../../lib/island-frame.tsx';
import { PriceHistory as History } from './PriceHistory.tsx';
import { UnitsTable as Table } from './UnitsTable.tsx';

export const UnitsTable = framed(Table);
export const PriceHistory = framed(History);
