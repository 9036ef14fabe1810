// Loads every locale file of SPEC §1 at start (issue 24: each language is
// served). An invalid file is logged, never fatal (SPEC §8): its language's
// pages then show the English strings.
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '../shared/languages.ts';

export const LOCALES = LANGUAGES;

export type Locales = Map<Language, Record<string, unknown>>;

/** Where an invalid file is told of: the app's log, or the console's warnings. */
export interface LocaleLog {
  warn(details: object, message: string): void;
}

export const CONSOLE_LOG: LocaleLog = { warn: (details, message) => console.warn(message, details) };

export function loadLocales(dir: string, log: LocaleLog): Locales {
  const loaded: Locales = new Map();
  for (const code of LOCALES) {
    const file = path.join(dir, `${code}.json`);
    try {
      const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a JSON object');
      loaded.set(code, value as Record<string, unknown>);
    } catch (error) {
      log.warn({ locale: code, file, reason: (error as Error).message }, 'invalid locale file ignored');
    }
  }
  return loaded;
}
