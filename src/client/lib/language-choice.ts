// What the visitor's answers to the language note and the languages page leave
// in this browser (read by lib/language-offer.ts).
import type { Language } from '../../shared/languages.ts';
import { CHOSEN_KEY, OFFERED_KEY } from './language-offer.ts';

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage disabled or full: the note may come again, nothing else is lost
  }
}

/** The language the visitor chose: followed from the note or the languages page, or kept by saying no to the note. */
export const rememberChoice = (language: Language): void => store(CHOSEN_KEY, language);

/** The browser's own language was offered: not again. */
export const rememberOffered = (): void => store(OFFERED_KEY, '1');
