// The catalogue's terms the browser uses: the categories, the sorts and page
// sizes of a search, the stages of a project. Beside catalogue.ts, which holds
// the API's request structs and re-exports these: a browser module that
// imports catalogue.ts loads superstruct with it (esbuild splits by file; issue 12).

/** Categories with a fixed id. The spec's type ids (1, 2, 7, 12, 17) keep their numbers. */
export const KNOWN_CATEGORIES = [
  { id: 1, key: 'apartment' },
  { id: 2, key: 'villa' },
  { id: 3, key: 'townhouse' },
  { id: 4, key: 'bungalow' },
  { id: 5, key: 'duplex' },
  { id: 6, key: 'semi-detached' },
  { id: 7, key: 'land' },
  { id: 8, key: 'quad-house' },
  { id: 9, key: 'studio' },
  { id: 12, key: 'penthouse' },
  { id: 17, key: 'other' },
] as const;

/** Categories the import meets and does not know get ids from here up. */
export const FIRST_DYNAMIC_CATEGORY_ID = 100;

/** SPEC §3: the type reported in tracking events. */
export function trackingType(typeId: number): 'apartment' | 'house_in_villa' | 'land' | 'penthouse' | 'other' | 'house' {
  switch (typeId) {
    case 1:
      return 'apartment';
    case 2:
      return 'house_in_villa';
    case 7:
      return 'land';
    case 12:
      return 'penthouse';
    case 17:
      return 'other';
    default:
      return 'house';
  }
}

export const SORTS = ['newest', 'price_asc', 'price_desc', 'price_m2_asc'] as const;
export const PER_PAGE_DEFAULT = 12;
export const PER_PAGE_MAX = 48;

/** A new-build stage, or 'resale' for a home a feed marks `<new_build>0</new_build>` (imported only on request). */
export type ProjectStage = 'off_plan' | 'under_construction' | 'key_ready' | 'resale';
export const NEW_BUILD_STAGES = ['off_plan', 'under_construction', 'key_ready'] as const;
export type NewBuildStage = (typeof NEW_BUILD_STAGES)[number];
