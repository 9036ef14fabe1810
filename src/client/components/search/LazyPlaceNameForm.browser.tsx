// LazyPlaceNameForm.tsx in the browser: the server's form kept until first use, then its code.
import { island } from '../../lib/island.tsx';

export const PlaceNameForm = island(() => import('./PlaceNameForm.tsx').then((m) => m.PlaceNameForm));
