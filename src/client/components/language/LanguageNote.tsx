// The note offering the page in another of the site's languages (issue 24),
// written in that language: the page in it (a plain link: another language is
// another build), or no, thanks. Loaded only when there is something to offer
// (LanguageNoteSlot.tsx); shown once the words have come.
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { currentLanguage } from '../../../shared/i18n.ts';
import { inLanguage, type Language } from '../../../shared/languages.ts';
import type { LanguageNoteAnswer, LanguageNoteWords } from '../../../shared/language-note.ts';
import { getJson } from '../../lib/api.ts';
import { rememberChoice, rememberOffered } from '../../lib/language-choice.ts';
import { focusMain } from '../consent/focus.ts';

/** `language`: the one offered; `root`: the language of the host's unprefixed addresses. */
export function LanguageNote({ language, root, onClose }: { language: Language; root: Language; onClose(): void }) {
  const [words, setWords] = useState<LanguageNoteWords | null>(null);
  const [path] = useLocation();
  const search = useSearch();
  useEffect(() => {
    let cancelled = false;
    getJson<LanguageNoteAnswer>(`/api/language-note?lang=${language}`).then(
      (answer) => !cancelled && setWords(answer.data),
      () => {}, // no words, no note: the page is whole without it
    );
    return () => {
      cancelled = true;
    };
  }, [language]);
  useEffect(() => {
    // A browser's language is offered once (a chosen one, until the visitor answers: the choice comes first).
    if (words) rememberOffered();
  }, [words]);
  if (!words) return null;

  const dismiss = () => {
    rememberChoice(currentLanguage());
    onClose();
    focusMain();
  };
  return (
    <section className="language-note" lang={language} aria-label={words.label}>
      <div className="container language-note__inner">
        <p className="language-note__text">{words.text}</p>
        <div className="language-note__actions">
          <a
            className="button button--primary language-note__button"
            href={inLanguage(search ? `${path}?${search}` : path, language, root)}
            hrefLang={language}
            onClick={() => rememberChoice(language)}
          >
            {words.open}
          </a>
          <button type="button" className="button button--outline language-note__button" onClick={dismiss}>
            {words.dismiss}
          </button>
        </div>
      </div>
    </section>
  );
}
