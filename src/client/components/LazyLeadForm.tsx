// The property page's contact form, loaded by the browser on first use
// (LazyLeadForm.browser.tsx, lib/island.tsx;
// docs/decisions/parts-taken-over-on-first-use.md). The server renders it in
// full, in the frame the browser keeps until then.
import { framed } from '../lib/island-frame.tsx';
import { PropertyContactForm as Form } from './LeadForm.tsx';

export const PropertyContactForm = framed(Form);
