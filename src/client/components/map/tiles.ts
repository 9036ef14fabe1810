// The map's tiles: the URL template and attribution of the configuration
// (MAP_TILE_URL, MAP_ATTRIBUTION), as the server embedded them in the page.
// Tiles from another origin are a third-party request, made only once the
// visitor allows functional cookies (SPEC §4); tiles served by the site
// itself need no consent (docs/decisions/map-tiles-and-consent.md).
import { STATE_GLOBAL } from '../../../shared/ssr.ts';

export interface TileConfig {
  url: string;
  attribution: string;
  firstParty: boolean;
}

/** Whether a tile URL template points at `origin` itself (a relative template does). */
export function isFirstParty(template: string, origin: string): boolean {
  try {
    return new URL(template.replace(/\{[^}]*\}/g, 'a'), origin).origin === origin;
  } catch {
    return false;
  }
}

/** Browser only: reads the page's embedded configuration. */
export function tileConfig(): TileConfig {
  const { mapTileUrl, mapAttribution } = window[STATE_GLOBAL].config;
  return { url: mapTileUrl, attribution: mapAttribution, firstParty: isFirstParty(mapTileUrl, window.location.origin) };
}
