// The footer's contents as the server renders them, in full (FooterBody.tsx).
import { framed } from '../../lib/island-frame.tsx';
import { FooterBody as Body } from './FooterBody.tsx';

export const FooterBody = framed(Body);
