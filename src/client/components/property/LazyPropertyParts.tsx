// The parts of the property page that need no script: its key facts, the
// units table, the price history, the description, the project's details and the phone's
// contact bar, the broker's card and the files (links only); and the gallery's videos and tours, whose
// script only frames them once the visitor allows it. The browser loads
// their code only to render them itself (LazyPropertyParts.browser.tsx,
// lib/island.tsx; docs/decisions/parts-taken-over-on-first-use.md): the
// server's DOM stays as it is; after a client navigation their code loads and
// renders them.
import { framed } from '../../lib/island-frame.tsx';
import { AgentCard as Agent } from './AgentCard.tsx';
import { KeyFacts as Facts } from './KeyFacts.tsx';
import { PriceHistory as History } from './PriceHistory.tsx';
import { ProjectDetails as Details } from './ProjectDetails.tsx';
import { UnitsTable as Table } from './UnitsTable.tsx';
import { PhoneContactBar as Bar } from './PhoneContactBar.tsx';
import { MediaLinks as Links, MediaPlayer as Player } from './MediaPlayer.tsx';
import { Description as Text } from './Description.tsx';
import { ProjectFiles as Files } from './ProjectFiles.tsx';

export const KeyFacts = framed(Facts);
export const UnitsTable = framed(Table);
export const PriceHistory = framed(History);
export const ProjectDetails = framed(Details);
export const AgentCard = framed(Agent);
export const PhoneContactBar = framed(Bar);
export const MediaPlayer = framed(Player);
export const MediaLinks = framed(Links);
export const Description = framed(Text);
export const ProjectFiles = framed(Files);
