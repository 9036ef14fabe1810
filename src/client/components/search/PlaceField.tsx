// The place field of a search entry: a text field its form sends as `q`, which
// the section's /places resolves (src/shared/place-choice.ts), so it works
// without JavaScript. Once focused it loads its suggestions
// (PlaceSuggestions.tsx), which make it a WAI-ARIA combobox: their code is
// not part of the JavaScript a page needs before interaction.
import { useRef, useState } from 'react';
import { t } from '../../../shared/i18n.ts';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';

const suggestions = onDemand(() => import('./PlaceSuggestions.tsx').then((mod) => mod.PlaceSuggestions));

export function PlaceField({ id, defaultValue, label = t('searchEntry.place') }: { id: string; defaultValue: string; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  // Focused before this code ran (a form taken over on first use, lib/island.tsx): wanted at once.
  const [wanted, setWanted] = useState(() => typeof document !== 'undefined' && document.activeElement?.id === id);
  const Suggestions = useOnDemand(suggestions, wanted).value;
  return (
    <div className="field place-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        className="field__input"
        id={id}
        name="q"
        type="text"
        defaultValue={defaultValue}
        placeholder={t('searchEntry.placeHint')}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={100}
        onFocus={() => setWanted(true)}
      />
      {Suggestions && <Suggestions input={input} id={id} />}
    </div>
  );
}
