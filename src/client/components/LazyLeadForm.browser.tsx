// LazyLeadForm.tsx in the browser: the server's form kept until first use, then its code.
import { island } from '../lib/island.tsx';

export const PropertyContactForm = island(() => import('./LeadForm.tsx').then((m) => m.PropertyContactForm));
