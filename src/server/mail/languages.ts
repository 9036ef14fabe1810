// The locale files, read once per thread and added to its t(): the server's
// own texts, and the mails it writes in each reader's language (i18n's
// writeIn()). The app adds them at start; an import that queues alert mails
// outside it (a pull's worker thread, the import CLI) adds them too.
import path from 'node:path';
import { addMessages } from '../../shared/i18n.ts';
import { CONSOLE_LOG, loadLocales, type LocaleLog, type Locales } from '../locales.ts';
import { ROOT_DIR } from '../paths.ts';

let added: Locales | null = null;

/** Every language's strings in this thread's t(); answers them (the app hands them to its render entry too). */
export function addLocaleMessages(log: LocaleLog = CONSOLE_LOG): Locales {
  if (!added) {
    added = loadLocales(path.join(ROOT_DIR, 'locales'), log);
    for (const [language, tree] of added) addMessages(tree, language);
  }
  return added;
}
