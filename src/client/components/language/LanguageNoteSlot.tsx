// Where the note offering another language shows (LanguageNote.tsx): nothing on
// the server and while hydrating, nothing while the cookie question is open,
// and no code loaded for a visitor with nothing to offer (most of them).
import { useMemo, useState } from 'react';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useConsent } from '../../lib/consent.tsx';
import { languageOffer } from '../../lib/language-offer.ts';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';
import { useHydrated } from '../../lib/useHydrated.ts';

const note = onDemand(() => import('./LanguageNote.tsx').then((mod) => mod.LanguageNote));

export function LanguageNoteSlot() {
  const answered = Boolean(useConsent().consent);
  const ready = useHydrated() && answered;
  const [closed, setClosed] = useState(false);
  // Decided once: showing the note is remembered, which would change the answer.
  const offer = useMemo(() => (ready ? languageOffer(currentLanguage()) : null), [ready]);
  const Note = useOnDemand(note, offer !== null && !closed).value;
  return Note && offer && !closed ? <Note language={offer} onClose={() => setClosed(true)} /> : null;
}
