// The bytes a photo is prepared from: a feed's photo is fetched from its
// address (fetch-picture.ts); a demo picture (/media/demo/{name}.svg) is the
// drawing of its name, rendered as a raster by `draw` (demo/raster.ts, given
// by the app: this folder does not import the demo). A drawing's bytes are
// fixed by its name, so its weekly check finds it unchanged without drawing it.
import { fetchPicture, type FetchOptions, type Picture, type Validators } from './fetch-picture.ts';
import { UndecodablePicture } from './derive.ts';
import { demoDrawingName } from '../../shared/demo-pictures.ts';

/** The raster source of the demo picture `name`, or null when the name draws no picture. */
export type DrawPicture = (name: string) => Promise<Buffer | null>;

export type PictureSource = Pick<Picture, 'bytes' | 'etag' | 'lastModified'>;

/** How a photo is fetched: fetchPicture, unless a test gives its own. */
export type FetchOne = (url: string, options: FetchOptions, held?: Validators | null) => Promise<Picture | null>;

/** The source of the photo at `url`; with `held`, null when it has not changed. */
export async function pictureSource(
  url: string,
  fetch: FetchOptions,
  held: Validators | null,
  draw: DrawPicture | undefined,
  fetchOne: FetchOne = fetchPicture,
): Promise<PictureSource | null> {
  const name = demoDrawingName(url);
  if (name === null) return fetchOne(url, fetch, held);
  if (held) return null;
  const bytes = draw ? await draw(name) : null;
  if (!bytes) throw new UndecodablePicture(draw ? `no demo picture is named ${name}` : 'demo pictures are not drawn here');
  return { bytes, etag: null, lastModified: null };
}
