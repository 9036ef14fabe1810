// LazyPropertyParts.tsx in the browser: the server's parts kept, their code loaded only to render them anew
// (a client navigation): nothing in them to use, so no touch or focus loads it.
import { island } from '../../lib/island.tsx';
import { whenCurrencyChosen } from '../../lib/currency-choice.ts';
import { nowOrOnFirstInteraction } from '../../lib/on-demand.ts';
import { cookieConsentStore } from '../../lib/consent.tsx';
import { isAllowed } from '../../../shared/consent.ts';

export const KeyFacts = island(() => import('./KeyFacts.tsx').then((m) => m.KeyFacts), { onUse: false });
// The units' prices in the currency the visitor chose (kept, or chosen on this page): loaded then.
export const UnitsTable = island(() => import('./UnitsTable.tsx').then((m) => m.UnitsTable), { onUse: false, when: whenCurrencyChosen });
export const PriceHistory = island(() => import('./PriceHistory.tsx').then((m) => m.PriceHistory), { onUse: false });
export const ProjectDetails = island(() => import('./ProjectDetails.tsx').then((m) => m.ProjectDetails), { onUse: false });
export const AgentCard = island(() => import('./AgentCard.tsx').then((m) => m.AgentCard), { onUse: false });
export const PhoneContactBar = island(() => import('./PhoneContactBar.tsx').then((m) => m.PhoneContactBar), { onUse: false });
// A video's or tour's slide shows what this browser allows (functional cookies): its code loads at once
// where they were allowed before; else on the visitor's first move, touch, scroll or key (the slide
// turned to, a choice in the cookie bar), or a press of its own "here" (replayed once it came).
export const MediaPlayer = island(() => import('./MediaPlayer.tsx').then((m) => m.MediaPlayer), {
  when: nowOrOnFirstInteraction(() => isAllowed(cookieConsentStore().read(), 'functional')),
});
export const MediaLinks = island(() => import('./MediaPlayer.tsx').then((m) => m.MediaLinks), { onUse: false });
// The description names its language with Intl.DisplayNames, whose first use costs a phone ~14 ms: the server's, kept.
export const Description = island(() => import('./Description.tsx').then((m) => m.Description), { onUse: false });
// The files: links (a download, or the registration): a link pressed before the code came is followed by it.
export const ProjectFiles = island(() => import('./ProjectFiles.tsx').then((m) => m.ProjectFiles));
