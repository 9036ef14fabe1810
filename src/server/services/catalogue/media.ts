// A development's videos and virtual tours as the property page shows them
// (issue 23), from the JSON the import stored (projects.media): per kind, the
// ones in English or in no language, else those of the first language the
// feed gives; videos first; each with its allowed player, or none (a link).
import type { ProjectMedia } from '../../../shared/catalogue.ts';
import { embedFor } from '../../../shared/embeds.ts';

interface Stored {
  kind: 'video' | 'tour';
  url: string;
  lang: string | null;
}

/** At most this many of each kind: a gallery of tours is not what a buyer opens. */
const MAX_PER_KIND = 3;

function readStored(json: string): Stored[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (m): m is Stored =>
        typeof m === 'object' &&
        m !== null &&
        (m.kind === 'video' || m.kind === 'tour') &&
        typeof m.url === 'string' &&
        /^https?:\/\//.test(m.url) &&
        (m.lang === null || typeof m.lang === 'string'),
    );
  } catch {
    return [];
  }
}

export function projectMedia(json: string): ProjectMedia[] {
  const stored = readStored(json);
  const out: ProjectMedia[] = [];
  for (const kind of ['video', 'tour'] as const) {
    const all = stored.filter((m) => m.kind === kind);
    const english = all.filter((m) => m.lang === null || m.lang === 'en');
    const chosen = english.length ? english : all.filter((m) => m.lang === all[0]?.lang);
    const urls = [...new Set(chosen.map((m) => m.url))].slice(0, MAX_PER_KIND);
    for (const url of urls) out.push({ kind, url, embed: embedFor(url) });
  }
  return out;
}
