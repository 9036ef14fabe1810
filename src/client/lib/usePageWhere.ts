// Where the page on screen is (lib/page-addresses.ts's Where): its site, its
// section and partner, its path and query. For <Meta> and the share links.
import { useLocation, useSearch } from 'wouter';
import { useStore } from '../store.tsx';
import { useSiteUrl } from './config.tsx';
import type { Where } from './page-addresses.ts';
import { useSection } from './section.tsx';
import { currentLanguage } from '../../shared/i18n.ts';

export function usePageWhere(): Where {
  const partner = useStore((s) => s.partner);
  const section = useSection();
  const siteUrl = useSiteUrl();
  const [path] = useLocation();
  const search = useSearch();
  return { siteUrl, section, partner, path: search ? `${path}?${search}` : path, language: currentLanguage() };
}
