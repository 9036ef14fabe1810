// A property's lists: features, pictures (ordered, one per URL, floor plans
// marked) and documents (price list, floor plans, brochure).
import type { FileKind } from '../store/schema.ts';
import type { FeedDocument, FeedImage, FeedMedia } from './feed-property.ts';
import { child, childrenNamed, languages, languageText, textOf, type El } from './feed-element.ts';
import { plainField } from './rich-text.ts';
import { parseFlag, parseUrl, slugify } from './text.ts';

export function features(el: El | undefined): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const f of childrenNamed(el, 'feature')) {
    const text = plainField(languageText(f)).slice(0, 100);
    const key = text.toLowerCase();
    if (text && !seen.has(key) && out.length < 60) {
      seen.add(key);
      out.push(text);
    }
  }
  return out;
}

function isFloorplan(image: El): boolean {
  if (parseFlag(image.attrs.floorplan ?? '') === true) return true;
  if (parseFlag(textOf(image, 'floorplan')) === true) return true;
  return childrenNamed(child(image, 'tags'), 'tag').some((t) => slugify(t.text).replace(/-/g, '') === 'floorplan');
}

/** An image's id attribute as a number; none or not a number: after the numbered ones. */
function imageOrder(image: El): number {
  const n = Number(image.attrs.id);
  return Number.isFinite(n) ? n : Infinity;
}

/** In the order of their id attribute (Kyero numbers them), then of the feed; one entry per URL. */
export function images(el: El | undefined): FeedImage[] {
  const all = childrenNamed(el, 'image');
  // Feeds list them in order already: sorted only when they are not.
  let sorted = true;
  for (let i = 1; i < all.length && sorted; i++) sorted = imageOrder(all[i]!) >= imageOrder(all[i - 1]!);
  const list = sorted
    ? all
    : all
        .map((image, index) => ({ image, index, order: imageOrder(image) }))
        .sort((a, b) => a.order - b.order || a.index - b.index)
        .map(({ image }) => image);
  const out: FeedImage[] = [];
  const seen = new Set<string>();
  for (const image of list) {
    const url = parseUrl(textOf(image, 'url') || image.text);
    if (!url || seen.has(url) || out.length >= 100) continue;
    seen.add(url);
    out.push({ url, caption: plainField(languageText(child(image, 'title'))).slice(0, 300) || null, floorplan: isFloorplan(image) });
  }
  return out;
}

const MEDIA_ELEMENTS = [
  ['video_url', 'video'],
  ['virtual_tour_url', 'tour'],
] as const;

/** The property's <video_url> and <virtual_tour_url>, each plain or per language (<video_url><en>…</en></video_url>); web addresses only. */
export function media(el: El): FeedMedia[] {
  const out: FeedMedia[] = [];
  const seen = new Set<string>();
  for (const [name, kind] of MEDIA_ELEMENTS)
    for (const node of childrenNamed(el, name)) {
      const given = node.children.length ? [...languages(node, (c) => c.text)] : [[null, node.text] as const];
      for (const [lang, raw] of given) {
        const url = parseUrl(raw);
        const key = `${kind} ${url}`;
        if (!url || !/^https?:/.test(url) || seen.has(key) || out.length >= 12) continue;
        seen.add(key);
        out.push({ kind, url, lang });
      }
    }
  return out;
}

const DOCUMENT_KINDS: Record<string, FileKind> = {
  pricelist: 'price_list',
  prices: 'price_list',
  floorplan: 'floor_plan',
  floorplans: 'floor_plan',
  plans: 'floor_plan',
  brochure: 'brochure',
  dossier: 'brochure',
};
export const DOCUMENT_TITLES: Record<FileKind, string> = { price_list: 'Price list', floor_plan: 'Floor plan', brochure: 'Brochure' };

export function documents(el: El | undefined): FeedDocument[] {
  const out: FeedDocument[] = [];
  const seen = new Set<string>();
  for (const doc of childrenNamed(el, 'document')) {
    const kind =
      DOCUMENT_KINDS[
        slugify(doc.attrs.kind ?? textOf(doc, 'kind'))
          .replace(/-/g, '')
          .replace(/_/g, '')
      ];
    const url = parseUrl(textOf(doc, 'url'));
    if (!kind || !url || seen.has(url) || out.length >= 50) continue;
    seen.add(url);
    out.push({ kind, url, title: plainField(languageText(child(doc, 'title'))).slice(0, 200) || DOCUMENT_TITLES[kind] });
  }
  return out;
}
