// Where the note offering another language shows (LanguageNote.tsx): nothing on
// the server and while hydrating, nothing while the cookie question is open,
// and no code loaded for a visitor with nothing to offer (most of them).
import { useMemo, useState } from 'react';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useConsent } from '../../lib/consent.tsx';
import { languageOffer } from '../../lib/language-offer.ts';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { useSiteLanguages } from '../../lib/section.tsx';

const note = onDemand(() => import('./LanguageNote.tsx').then((mod) => mod.LanguageNote));

export function LanguageNoteSlot() {
  const answered = Boolean(useConsent().consent);
  const ready = useHydrated() && answered;
  const [closed, setClosed] = useState(false);
  const site = useSiteLanguages();
  // Decided once: showing the note is remembered, which would change the answer.
  const offer = useMemo(() => (ready ? languageOffer(currentLanguage(), site.languages) : null), [ready]); // eslint-disable-line react-hooks/exhaustive-deps -- once
  const Note = useOnDemand(note, offer !== null && !closed).value;
  return Note && offer && !closed ? <Note language={offer} root={site.root} onClose={() => setClosed(true)} /> : null;
}
