// Business constants and limits of SPEC §9, in one place for both sides.

export const CURRENCY = 'EUR';
export const PRICE_UPPER_BOUND = 10_000_000;
export const ROOMS_UPPER_BOUND = 10;
export const SEARCH_ACCOUNT_ID = 1;

export const CONSENT_MAX_AGE_DAYS = 365;
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

export const TOAST_DURATION_MS = 5000;
export const SCROLL_ANIMATION_MS = 300;

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HEIGHT_PX = 2;

export const PAGE_DATA_MIN_DELAY_MS = 200;
export const CHUNK_RELOAD_THROTTLE_MS = 60_000;
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

export const BREAKPOINTS = { xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
export const CONTAINER_MAX_PX = 1320;
export const MOBILE_MENU_PX = 360;
export const MOBILE_MENU_NARROW_PX = 300;

export const DEFAULT_COLORS = {
  primary: '#13206a',
  secondary: '#fffb00',
  heading_color: '#fffb00',
} as const;

/** derivedColors(DEFAULT_COLORS), held to it by test/shared/brand-colors.test.ts: the browser draws the main site without the contrast code. */
export const DEFAULT_DERIVED_COLORS = {
  onPrimary: '#ffffff',
  onSecondary: '#000000',
  accentOnWhite: '#13206a',
  accentOnPrimary: '#fffb00',
  headingOnPrimary: '#fffb00',
} as const;

/** The cookie that carries a client's session token (accounts). */
export const SESSION_COOKIE = 'sid';

/** The most favorites a client's account merges at once (accounts.ts), and a visitor's browser keeps. */
export const FAVORITES_MAX_MERGE = 500;

/** The largest "built area from" a search takes, m² (issue 22). */
export const MAX_BUILT_FROM = 2000;
/** The farthest "beach within" a search accepts, km. */
export const MAX_BEACH_KM = 50;
