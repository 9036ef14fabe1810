// What the visitor's answers to the language note and the languages page leave
// in this browser (read by lib/language-offer.ts). Storage refused or full:
// the note may come again, nothing else is lost.
import type { Language } from '../../shared/languages.ts';
import { CHOSEN_KEY, OFFERED_KEY } from './language-offer.ts';
import { writeStored } from './local-storage.ts';

/** The language the visitor chose: followed from the note or the languages page, or kept by saying no to the note. */
export const rememberChoice = (language: Language): void => writeStored(CHOSEN_KEY, language);

/** The browser's own language was offered: not again. */
export const rememberOffered = (): void => writeStored(OFFERED_KEY, '1');
