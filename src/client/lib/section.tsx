// Links stay inside the section the visitor is in: the main site, /old, or a
// partner's site (under /{partner}, or at the root of the partner's own domain).
import { createContext, useContext, type ReactNode } from 'react';
import type { Section } from '../../shared/routes.ts';

export interface SectionInfo {
  section: Section;
  partnerSlug: string | null;
  hostPartner: string | null;
}

const SectionContext = createContext<SectionInfo>({ section: 'main', partnerSlug: null, hostPartner: null });

export function SectionProvider({ value, children }: { value: SectionInfo; children: ReactNode }) {
  return <SectionContext.Provider value={value}>{children}</SectionContext.Provider>;
}

export function useSection(): SectionInfo {
  return useContext(SectionContext);
}

/** The address of `path` (e.g. '/contact') in a section. */
export function hrefIn(info: SectionInfo, path: string): string {
  const base = info.hostPartner ? '' : info.section === 'old' ? '/old' : info.section === 'partner' && info.partnerSlug ? `/${info.partnerSlug}` : '';
  if (path === '/') return base || '/';
  return base + path;
}

export function useHref(path: string): string {
  return hrefIn(useSection(), path);
}
