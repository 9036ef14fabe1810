// The picture formats the proxy fetches: raster only (never SVG, which can carry
// script), recognised by their first bytes, whatever the other server says.
// Whatever the format, what the proxy keeps and serves is a JPEG (cache.ts).

export const PICTURE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
} as const;
export type PictureType = keyof typeof PICTURE_TYPES;

/** How many first bytes `sniffPicture` needs to decide (fewer when the file is shorter). */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Buffer, from: number, text: string) => bytes.toString('latin1', from, from + text.length) === text;

/** The picture format `bytes` start with, or null when they are no picture this site keeps. */
export function sniffPicture(bytes: Buffer): PictureType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (ascii(bytes, 4, 'ftyp') && isAvifBox(bytes)) return 'image/avif';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// An ISO-BMFF 'ftyp' box whose major or a compatible brand is AVIF (a HEIC or
// MP4 file has the same box with other brands).
function isAvifBox(bytes: Buffer): boolean {
  const end = Math.min(bytes.length, bytes.readUInt32BE(0));
  for (let at = 8; at + 4 <= end; at += at === 8 ? 8 : 4) {
    if (ascii(bytes, at, 'avif') || ascii(bytes, at, 'avis')) return true;
  }
  return false;
}
