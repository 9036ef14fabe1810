// Addresses as search engines and link previews see them: absolute, built
// from configuration (SITE_URL, a partner's configured domain), never from
// the request's Host header, and without the parameters that only say where
// a visitor came from. Used by <Meta> and by the server's sitemaps.
import type { ImageRef } from './catalogue.ts';
import { photoUrl, photoWidthFor } from './photos.ts';

/** Query parameters of campaign and click tracking: never part of a canonical address. */
const TRACKING_PARAM =
  /^(?:utm_\w+|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|twclid|ttclid|li_fat_id|mc_cid|mc_eid|_ga|_gl|igshid|srsltid)$/i;

/** `path?query#hash` without tracking parameters and without the fragment; the path and the other parameters stay as they are. */
export function canonicalPath(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://x');
  // Pairs are kept as written, not re-serialised: URLSearchParams would escape
  // the commas of `cat=2,12`, pointing the canonical at an address no link uses.
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair && !TRACKING_PARAM.test(decodeKey(pair.split('=')[0]!)));
  return url.pathname + (kept.length ? `?${kept.join('&')}` : '');
}

function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

/**
 * The origin of a site: the main site's SITE_URL, or a partner's configured
 * domain with SITE_URL's scheme and port (one server serves them all, so
 * http://localhost:3000 gives http://costa-casas.localhost:3000 in development
 * and https://www.example.com gives https://partner.example in production).
 */
export function siteOrigin(siteUrl: string, partnerDomain?: string | null): string {
  const main = new URL(siteUrl);
  if (!partnerDomain) return `${main.origin}${main.pathname.replace(/\/+$/, '')}`;
  return `${main.protocol}//${partnerDomain}${main.port ? `:${main.port}` : ''}`;
}

/** An absolute address: `path` on `origin`, or `path` itself when it is already absolute. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * A path with a section's prefix (`/{partner}`, `/old`) taken off, or the path
 * as it is when it does not start with it. '/costa-casas' → '/'.
 */
export function withoutPrefix(path: string, prefix: string): string {
  if (!prefix || !path.startsWith(prefix)) return path;
  const rest = path.slice(prefix.length);
  if (rest === '' || rest.startsWith('?')) return `/${rest}`;
  return rest.startsWith('/') ? rest : path;
}

/** Whether a path (without a section prefix) is a page of listings: a property page or a search. */
export function isListingPath(path: string): boolean {
  return /^\/(?:for-sale|search)(?:[/?]|$)/.test(path);
}

/** A link preview's picture: its address and, when known, its size and type (og:image:width, …). */
export interface PreviewImage {
  url: string;
  width?: number;
  height?: number;
  type?: string;
}

/** The width link previews want a picture at least as wide as (Open Graph's 1200 × 630). */
const PREVIEW_WIDTH = 1200;

/**
 * The one raster picture a link preview or a mail shows for a listing's
 * picture: its prepared JPEG at least `width` wide, else the picture as the
 * page shows it until then (a feed photo's or a demo drawing's quick resize,
 * /media/images/{id}).
 */
export function previewImage(image: Pick<ImageRef, 'url' | 'photo'>, width: number = PREVIEW_WIDTH): PreviewImage {
  const { photo } = image;
  if (photo) {
    const w = photoWidthFor(photo, width);
    return { url: photoUrl(photo.key, w, 'jpeg'), width: w, height: Math.round((photo.height * w) / photo.width), type: 'image/jpeg' };
  }
  return { url: image.url };
}
