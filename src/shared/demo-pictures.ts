// The demo catalogue's pictures: drawings this site makes from their name
// (src/server/demo/svg.ts), at /media/demo/{name}.svg. Link previews use their
// JPEG twin (seo.ts); the photo job prepares them as it does a feed's photos.

/** The prefix of every demo picture's address, for a SQL `like`. */
export const DEMO_PICTURE_PREFIX = '/media/demo/';

const DEMO_SVG = /^\/media\/demo\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

/** The name a demo picture's address draws (`/media/demo/p1-villa-1.svg` → `p1-villa-1`), or null for any other address. */
export function demoPictureName(url: string): string | null {
  return DEMO_SVG.exec(url)?.[1] ?? null;
}
