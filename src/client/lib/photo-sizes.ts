// The width each layout shows a listing's photo at, as `sizes` lists for
// <Photo>, from the stylesheets: layout.css's containers (540, 720, 960, 1140
// and 1320 px from 576, 768, 992, 1200 and 1400 px, less 2 × 1rem of gutter),
// the grids' gaps (1.25rem, 1.5rem from 992 px) and columns. A browser picks a
// variant from it before layout, so it must follow the CSS; a figure a little
// under the width shown is safe, one over it wastes bytes.
// test/e2e/photo-sizes.e2e.test.ts checks, at phone and desktop widths, that
// the file each picture loads is never over twice the width it is shown at,
// and bench/photo-pages.ts what a phone and a laptop download.

const BREAKPOINTS = [1400, 1200, 992, 768, 576];

const PHONE = 'calc(100vw - 32px)';

/**
 * A `sizes` list from the width shown from each container breakpoint (widest
 * first) and, below them, on a phone. A phone's 3× screen is asked for 2×
 * pictures (the width said two thirds of it): a third of the bytes or more
 * saved for a difference few eyes see at arm's length.
 */
function byContainer(widths: number[], narrower = '', phone = PHONE): string {
  const wide = widths.map((w, i) => `(min-width: ${BREAKPOINTS[i]}px) ${w}px`);
  return [...wide, ...(narrower ? [narrower] : []), `(min-resolution: 2.5dppx) calc(${phone} * 2 / 3)`, phone].join(', ');
}

/** A card of a three-column grid from each container breakpoint: two columns from 576 px, three from 992 px. */
const THREE_COLUMNS = [412, 352, 292, 332, 242];

export const PHOTO_SIZES = {
  /** A card of a three-column grid (a partner's featured projects, favorites). */
  cardGrid: byContainer(THREE_COLUMNS),
  /** A card of the home's featured rows: the three-column grid, and on a phone a row scrolling sideways of cards 84 % wide (landing.css). */
  featuredRow: byContainer(THREE_COLUMNS, '', `calc(${PHONE} * 0.84)`),
  /** A card of a four-column grid (similar projects): two columns from 576 px, four from 992 px. */
  cardGrid4: byContainer([302, 257, 212, 332, 242]),
  /** A card of the search results' grid: as many columns of at least 250 px as fit (two from 552 px). */
  searchGrid: byContainer([308, 248, 294, 331, 505], '(min-width: 552px) calc(50vw - 27px)'),
  /** A card of the results' list: its picture is 40 % of the row from 576 px. */
  searchList: byContainer([388, 316, 244, 273, 201]),
  /** A card of the strip over the map. */
  strip: 'min(260px, 72vw)',
  /** A card in a map popup. */
  popup: '240px',
  /** The property page's gallery: the main column, beside the side column from 992 px. */
  gallery: byContainer([876, 696, 556, 688, 508]),
  /** The gallery full screen. */
  fullScreen: '100vw',
};
