// Loads every locale file of SPEC §1 at start. English is the only one in use;
// the others exist for the cookie-consent wording. An invalid file is logged,
// never fatal (SPEC §8).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export const LOCALES = ['da', 'de', 'en', 'es', 'fr', 'hr', 'hu', 'it', 'ja', 'nl', 'no', 'pl', 'pt', 'ru', 'sv', 'uk'] as const;

export function loadLocales(dir: string, log: Pick<FastifyBaseLogger, 'warn'>): Map<string, Record<string, unknown>> {
  const loaded = new Map<string, Record<string, unknown>>();
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
