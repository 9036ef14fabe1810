// Links stay inside the section the visitor is in: the main site, /old, or a
// partner's site (under /{partner}, or at the root of the partner's own domain).
import { createContext, useContext, type ReactNode } from 'react';
import { routes, type Section } from '../../shared/routes.ts';
import { siteLanguages, type SiteLanguages } from '../../shared/languages.ts';
import { useStore } from '../store.tsx';

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

/** The languages of the site the visitor is in: the main site's, or the partner's, its root language unprefixed on its own domain. */
export function useSiteLanguages(): SiteLanguages {
  const partner = useStore((s) => s.partner);
  return siteLanguages(partner, useSection().hostPartner !== null);
}

const PREFIX: Record<Section, RegExp> = { main: /^/, old: /^\/old/, partner: /^\/:partner/ };

/** The first segments of each section's fixed pages ('/contact', '/search', ...). */
const fixedPages = (section: Section) =>
  new Set(
    routes
      .filter((r) => r.section === section)
      .map((r) => '/' + (r.path.replace(PREFIX[section], '').split('/')[1] ?? ''))
      .filter((p) => p !== '/' && !p.startsWith('/:')),
  );
const FIXED: Record<Section, Set<string>> = { main: fixedPages('main'), old: fixedPages('old'), partner: fixedPages('partner') };

/**
 * The address of `path` (e.g. '/contact') in a section. A fixed page the
 * section lacks (/old has no /franchise) is the main site's.
 */
export function hrefIn(info: SectionInfo, path: string): string {
  const base = info.hostPartner
    ? ''
    : info.section === 'old'
      ? '/old'
      : info.section === 'partner' && info.partnerSlug
        ? `/${info.partnerSlug}`
        : '';
  const first = '/' + (path.split('/')[1] ?? '');
  if (base && FIXED.main.has(first) && !FIXED[info.section].has(first)) return path;
  if (path === '/') return base || '/';
  return base + path;
}

/**
 * The suffix of the keys a section keeps in the browser (the last search, the
 * recently viewed): '1' the main site, '2' /old, '4:{slug}' a partner's site,
 * by path or on its own domain, so two partners' lists never mix.
 */
export function storageContext(section: SectionInfo): string {
  const partner = section.hostPartner ?? (section.section === 'partner' ? section.partnerSlug : null);
  if (partner) return `4:${partner}`;
  return section.section === 'old' ? '2' : '1';
}

export function useHref(path: string): string {
  return hrefIn(useSection(), path);
}
