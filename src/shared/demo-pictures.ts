// The demo catalogue's drawings: pictures and documents this site makes from
// their name (src/server/demo/svg.ts), served at /media/demo/{name}.svg
// (api/media.ts, api/files.ts). The pages show a picture as a feed's photo:
// drawn as a raster, through the picture proxy and the photo job.

/** Where the demo's drawings are served, and the prefix of every address the demo feed gives them. */
export const DEMO_MEDIA = '/media/demo';

/** A drawing's name: lowercase words of letters and digits joined by single dashes. */
export const DEMO_DRAWING_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const DEMO_SVG = new RegExp(`^${DEMO_MEDIA}/(${DEMO_DRAWING_NAME.source.slice(1, -1)})\\.svg$`);

/** The name a demo drawing's address draws (`/media/demo/p1-villa-1.svg` → `p1-villa-1`), or null for any other address. */
export function demoDrawingName(url: string): string | null {
  return DEMO_SVG.exec(url)?.[1] ?? null;
}
