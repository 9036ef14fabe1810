// A category's name as pages and mails say it. Categories the import met but
// the locale file does not name (ids from 100 up) read as their key, humanised.
import { hasMessage, t, type MessageKey } from './i18n.ts';

export function categoryLabel(category: { key: string }): string {
  const key = `categories.${category.key}`;
  if (hasMessage(key)) return t(key as MessageKey);
  const words = category.key.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
