// LazyShareLinks.tsx in the browser: the server's links kept; their code loads once the page has
// hydrated (a link followed meanwhile is followed by it), or to render them after a client navigation.
import { island } from '../../lib/island.tsx';

export const ShareLinks = island(() => import('./ShareLinks.tsx').then((m) => m.ShareLinks), { eager: true });
