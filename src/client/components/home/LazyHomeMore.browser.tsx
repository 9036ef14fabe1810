// LazyHomeMore.tsx in the browser: the server's sections kept; their code loads on first use (a link
// pressed is followed by it) or to render them after a client navigation.
import { island } from '../../lib/island.tsx';

export const HomeMore = island(() => import('./HomeMore.tsx').then((m) => m.HomeMore));
