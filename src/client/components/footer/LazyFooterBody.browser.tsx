// LazyFooterBody.tsx in the browser: the server's footer kept; its code loads on first use (a link or
// the cookie settings pressed meanwhile is followed or pressed by it) or to render it after a client navigation.
import { island } from '../../lib/island.tsx';

export const FooterBody = island(() => import('./FooterBody.tsx').then((m) => m.FooterBody));
