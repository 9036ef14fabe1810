// The images and files of every unit, unchanged ones too, staged for the
// recompute: a development that something happens to later in the feed gets
// the union of all of them, in the order first met. The URLs of the last
// STAGED_WINDOW developments are remembered, so a repeat is skipped before
// the database sees it; one already staged for a development whose units are
// far apart is dropped by the insert (on conflict do nothing).
import { boundedMemo } from '../../shared/bounded-memo.ts';
import type { FeedProperty } from './feed-property.ts';
import type { Row } from './import-tables.ts';
import { detach } from './text.ts';
import { projectRef } from './unit-rows.ts';

const STAGED_WINDOW = 256;

export class StagedMedia {
  /** Recent developments' staged image and file URLs (insertion-ordered: the oldest is dropped first). */
  private readonly staged = boundedMemo<Set<string>>(STAGED_WINDOW);
  private seq = 0;

  /** The rows to stage for a batch's properties. */
  rows(properties: FeedProperty[]): { images: Array<Row<'import_images'>>; files: Array<Row<'import_files'>> } {
    const images: Array<Row<'import_images'>> = [];
    const files: Array<Row<'import_files'>> = [];
    for (const p of properties) {
      const ref = projectRef(p);
      const seen = this.staged(detach(ref), () => new Set());
      for (const image of p.images) {
        const key = `i ${image.url}`;
        if (seen.has(key)) continue;
        seen.add(detach(key));
        images.push({ ref, url: image.url, caption: image.caption, floorplan: image.floorplan ? 1 : 0, seq: this.seq++ });
      }
      for (const doc of p.documents) {
        const key = `f ${doc.url}`;
        if (seen.has(key)) continue;
        seen.add(detach(key));
        files.push({ ref, url: doc.url, kind: doc.kind, title: doc.title, seq: this.seq++ });
      }
    }
    return { images, files };
  }
}
