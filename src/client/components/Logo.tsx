// The brand mark: the partner's logo on its site, the site's own otherwise.
// The mark's colours follow the brand variables (styles/header.css).
import { t } from '../../shared/i18n.ts';
import { useStore } from '../store.tsx';

export function Logo() {
  const partner = useStore((s) => s.partner);
  if (partner?.logo) return <img className="logo logo--image" src={partner.logo} alt={partner.name} height={48} />;
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <path className="logo__frame" d="M8 19.5 20 9l12 10.5V33a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z" />
        <path className="logo__roof" d="M20 3.5 38 19l-2.6 3L20 8.7 4.6 22 2 19z" />
        <path className="logo__door" d="M16.5 35V25.5a3.5 3.5 0 0 1 7 0V35z" />
      </svg>
      <span className="logo__name">{partner?.name ?? t('site.name')}</span>
    </span>
  );
}

// Line icons for cards and contact details, drawn in currentColor. Decorative:
// the text beside each icon carries the meaning.
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
const box = (x: number, y: number, w: number, h: number, r: number) =>
  `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}h${-(w - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${-r}v${-(h - 2 * r)}a${r} ${r} 0 0 1 ${r} ${-r}z`;

const ICONS = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  building: 'M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M2 21h20M8 8h3M8 12h3M8 16h3',
  key: `${circle(7.5, 15.5, 4)}M10.5 12.5 20 3M16.5 6.5l3 3M13.5 9.5l2 2`,
  shield: 'M12 3 4 6v6c0 5 3.4 8 8 9 4.6-1 8-4 8-9V6zM8.8 12.2l2.2 2.2 4.2-4.4',
  sun: `${circle(12, 12, 4)}M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4`,
  health:
    'M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.3 0 5.6 3.1 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4zM12 9.5v5M9.5 12h5',
  id: `${box(3, 5, 18, 14, 2)}${circle(9, 11, 2)}M5.8 16c.6-1.4 1.8-2 3.2-2s2.6.6 3.2 2M14.5 10h4M14.5 13.5h4`,
  school: 'M2 9.5 12 4.5l10 5-10 5zM6 11.5V16c0 1.5 2.7 3 6 3s6-1.5 6-3v-4.5M22 9.5V15',
  pin: `M12 21.5s7-6.2 7-11.5a7 7 0 0 0-14 0c0 5.3 7 11.5 7 11.5z${circle(12, 10, 2.5)}`,
  phone: 'M5.5 3h3.2l1.8 4.6-2.3 1.5a11.5 11.5 0 0 0 6.7 6.7l1.5-2.3 4.6 1.8v3.2a2 2 0 0 1-2.2 2A17 17 0 0 1 3.5 5.2 2 2 0 0 1 5.5 3z',
  mail: `${box(3, 5, 18, 14, 2)}M3.5 7 12 12.5 20.5 7`,
  clock: `${circle(12, 12, 9)}M12 7v5l3.2 2`,
  web: `${box(3, 4, 18, 16, 2)}M3 9h18M6.5 6.5h.01M9.5 6.5h.01`,
  chart: 'M4 20V11M10 20V5M16 20v-6M21 20H3',
  magazine: 'M2.5 5.5c3-1 6-.8 9.5 1.2 3.5-2 6.5-2.2 9.5-1.2v13.5c-3-1-6-.8-9.5 1.2-3.5-2-6.5-2.2-9.5-1.2zM12 6.7V20',
  rollup: `${box(6.5, 2.5, 11, 15, 1)}M12 17.5V21M8 21h8M9.5 7h5M9.5 10h5M9.5 13h3`,
  map: 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14',
  user: `${circle(12, 8, 4)}M4 21c1-4 4.5-6 8-6s7 2 8 6`,
  search: `${circle(10.5, 10.5, 6.5)}M20 20l-4.8-4.8`,
  euro: 'M17.5 6.3A7 7 0 1 0 17.5 17.7M4 10h9M4 14h9',
  calendar: `${box(3, 5, 18, 16, 2)}M3 10h18M8 3v4M16 3v4`,
  plane: 'M10.5 13.5 3 11l1.5-1.5 8 1 4.5-4.5a2.1 2.1 0 0 1 3 3L15.5 13.5l1 8L15 23l-2.5-7.5L9 19v2.5L7.5 23 6 18l-5-1.5L2.5 15H5z',
  leaf: 'M5 19c0-8 5-13 15-14-1 10-6 15-14 15zM5 19l7-7',
  tools: 'M14.5 6.5a4 4 0 0 0 5 5l-9 9a2.1 2.1 0 0 1-3-3l9-9a4 4 0 0 1 5-5l-2.5 2.5.5 2 2 .5z',
  arrow: 'M5 12h14M13 6l6 6-6 6',
  bed: 'M3 18V6M3 14h18v4M21 14v-3a3 3 0 0 0-3-3h-7v6M7 11.5h.01',
  bath: 'M4 12h16v3a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5zM6 12V5.5a2 2 0 0 1 3.7-1M8 20l-1 2M16 20l1 2',
  area: 'M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6M8 8l8 8M16 8l-8 8',
  heart: 'M12 20.5s-8-4.9-8-10.8A4.6 4.6 0 0 1 12 7a4.6 4.6 0 0 1 8 2.7c0 5.9-8 10.8-8 10.8z',
} as const;

export type IconName = keyof typeof ICONS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
