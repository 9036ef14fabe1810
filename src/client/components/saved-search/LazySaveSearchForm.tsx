// The search page's save-search form, loaded by the browser on first use
// (LazySaveSearchForm.browser.tsx, lib/island.tsx;
// docs/decisions/parts-taken-over-on-first-use.md). The server renders it in
// full, in the frame the browser keeps until then.
import { framed } from '../../lib/island-frame.tsx';
import { SaveSearchForm as Form } from './SaveSearchForm.tsx';

export const SaveSearchForm = framed(Form);
