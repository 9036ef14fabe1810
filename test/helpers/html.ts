// Reading what the server rendered: the initial state and a few elements.
import type { InitialState } from '../../src/shared/state.ts';

const STATE_SCRIPT = /<script[^>]*>window\.__STATE__=([\s\S]*?)<\/script>/;

export function stateScriptOf(html: string): string {
  const m = STATE_SCRIPT.exec(html);
  if (!m?.[1]) throw new Error('no state script in page');
  return m[1];
}

export function stateOf(html: string): InitialState {
  return JSON.parse(stateScriptOf(html)) as InitialState;
}

export function layoutOf(html: string): string | null {
  return /data-layout="([^"]+)"/.exec(html)?.[1] ?? null;
}

export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/**
 * A JSON-LD document as tests read it: field by field, as deep as each
 * assertion goes, which no precise type would make clearer.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type JsonLdGraph = { '@context'?: string; '@graph': Array<Record<string, any>> };
