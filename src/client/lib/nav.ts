// The main navigation of each section.
import type { MessageKey } from '../../shared/i18n.ts';
import type { Section } from '../../shared/routes.ts';

export interface NavItem {
  path: string;
  label: MessageKey;
}

export function navItems(section: Section): NavItem[] {
  if (section === 'partner')
    return [
      { path: '/', label: 'nav.home' },
      { path: '/new-build-pages', label: 'nav.newBuild' },
      { path: '/search', label: 'nav.search' },
      { path: '/uw-makelaar', label: 'nav.broker' },
      { path: '/wonen-en-leven', label: 'nav.living' },
      { path: '/contact', label: 'nav.contact' },
    ];
  return [
    { path: '/', label: 'nav.home' },
    { path: '/search', label: 'nav.search' },
    { path: '/wonen-en-leven', label: 'nav.living' },
    { path: '/uw-makelaar', label: 'nav.broker' },
    { path: '/franchise', label: 'nav.franchise' },
    { path: '/contact', label: 'nav.contact' },
  ];
}
