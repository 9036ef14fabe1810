// The search page's place-by-name form, loaded by the browser on first use
// (LazyPlaceNameForm.browser.tsx, lib/island.tsx;
// docs/decisions/parts-taken-over-on-first-use.md). The server renders it in
// full, in the frame the browser keeps until then.
import { framed } from '../../lib/island-frame.tsx';
import { PlaceNameForm as Form } from './PlaceNameForm.tsx';

export const PlaceNameForm = framed(Form);
