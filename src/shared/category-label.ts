// A category's name as pages and mails say it. Categories the import met but
// the locale file does not name (ids from 100 up) read as their key, humanised.
import { currentLanguage, hasMessage, t, type MessageKey } from './i18n.ts';

export function categoryLabel(category: { key: string }): string {
  const key = `categories.${category.key}`;
  if (hasMessage(key)) return t(key as MessageKey);
  const words = category.key.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The name inside a sentence ("New-build villa in Finestrat"): in lower case,
 * unless the language writes its nouns with a capital (German: "Neubau:
 * Wohnung in Finestrat"), as its locale file's `formats.nounsInSentence` says.
 */
export function categoryInSentence(category: { key: string }): string {
  const label = categoryLabel(category);
  return t('formats.nounsInSentence') === 'capitalised' ? label : label.toLocaleLowerCase(currentLanguage());
}
