// LazySaveSearchForm.tsx in the browser: the server's form kept until first use, then its code.
import { island } from '../../lib/island.tsx';

export const SaveSearchForm = island(() => import('./SaveSearchForm.tsx').then((m) => m.SaveSearchForm));
