// The public configuration the server embedded (InitialState.config), for the
// components that need it, e.g. <Meta> for absolute addresses.
import { createContext, useContext } from 'react';
import type { PublicConfig } from '../../shared/state.ts';

const ConfigContext = createContext<PublicConfig | null>(null);

export const ConfigProvider = ConfigContext.Provider;

export const useConfig = (): PublicConfig | null => useContext(ConfigContext);

/** SITE_URL without a trailing slash (outside an app, e.g. a component test: SITE_URL's default). */
export function useSiteUrl(): string {
  return useConfig()?.siteUrl ?? 'http://localhost:3000';
}
