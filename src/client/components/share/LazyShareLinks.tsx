// The share links (ShareLinks.tsx) as a part of the page the browser takes
// over once it has hydrated (LazyShareLinks.browser.tsx, lib/island.tsx): the
// server's WhatsApp and e-mail links work as they are meanwhile; the copy
// button and the device's own sharing come with the code, after the page's
// first JavaScript.
import { framed } from '../../lib/island-frame.tsx';
import { ShareLinks as Links } from './ShareLinks.tsx';

export const ShareLinks = framed(Links);
