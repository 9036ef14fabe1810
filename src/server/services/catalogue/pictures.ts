// A listing's picture as the pages get it (ImageRef): its address through
// this site, and its prepared variants when the photo job has made them
// (feed-images/prepare-photos.ts). Queries join `photos as f` on the
// picture's address and select PHOTO_COLUMNS.
import { publicImageUrl, type ImageRef } from '../../../shared/catalogue.ts';

export const PHOTO_COLUMNS = [
  'f.status as photo_status',
  'f.key as photo_key',
  'f.width as photo_width',
  'f.height as photo_height',
  'f.colour as photo_colour',
] as const;

export interface PictureRow {
  id: number;
  url: string;
  caption: string | null;
  floorplan: number;
  photo_status: string | null;
  photo_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
  photo_colour: string | null;
}

export function imageRef(row: PictureRow): ImageRef {
  const { photo_key: key, photo_width: width, photo_height: height, photo_colour: colour } = row;
  const ready = row.photo_status === 'ready' && key !== null && width !== null && height !== null && colour !== null;
  return {
    url: publicImageUrl(row.id, row.url),
    caption: row.caption,
    floorplan: Boolean(row.floorplan),
    photo: ready ? { key, width: Number(width), height: Number(height), colour } : null,
  };
}
