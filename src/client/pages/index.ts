// Page name → its module, loaded on demand so each page is its own chunk.
import type { ComponentType } from 'react';
import type { PageName } from '../../shared/routes.ts';
import type { RouteMatch } from '../../shared/match.ts';

export interface PageProps {
  match: RouteMatch;
}

export type PageModule = {
  default: ComponentType<PageProps>;
  /**
   * Code the first render of `routePath` (path and query) with the page's `data` (its reads' answers by
   * key) needs beyond the page's chunk, loaded before that render: on the server, before hydration and on
   * a client navigation.
   */
  prepare?: (routePath: string, data: Readonly<Record<string, unknown>>) => Promise<void>;
};

export const pageLoaders: Record<PageName, () => Promise<PageModule>> = {
  home: () => import('./home.tsx'),
  'partner-home': () => import('./partner-home.tsx'),
  contact: () => import('./contact.tsx'),
  franchise: () => import('./franchise.tsx'),
  broker: () => import('./broker.tsx'),
  living: () => import('./living.tsx'),
  'new-build-pages': () => import('./new-build-pages.tsx'),
  'client-login': () => import('./client-login.tsx'),
  'client-register': () => import('./client-register.tsx'),
  'client-forgot-password': () => import('./client-forgot-password.tsx'),
  'client-reset-password': () => import('./client-reset-password.tsx'),
  favorites: () => import('./favorites.tsx'),
  profile: () => import('./profile.tsx'),
  'for-sale': () => import('./for-sale.tsx'),
  search: () => import('./search.tsx'),
  'place-choice': () => import('./place-choice.tsx'),
  compare: () => import('./compare.tsx'),
  'buying-costs': () => import('./buying-costs.tsx'),
  'saved-search': () => import('./saved-search.tsx'),
  'favorite-alerts': () => import('./favorite-alerts.tsx'),
  content: () => import('./content.tsx'),
  languages: () => import('./languages.tsx'),
};

const loaded = new Map<PageName, PageModule>();

export async function loadPage(name: PageName): Promise<PageModule> {
  const hit = loaded.get(name);
  if (hit) return hit;
  const mod = await pageLoaders[name]();
  loaded.set(name, mod);
  return mod;
}

/** The module if it is already loaded (hydration and instant back/forward). */
export function loadedPage(name: PageName): PageModule | undefined {
  return loaded.get(name);
}
