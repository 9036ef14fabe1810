// The site's line icons: one cached sprite (assets/icons.svg, a hashed file of
// the build, same origin for the CSP) referenced with <use>, so a page carries
// a short reference per icon instead of a copy of its paths. Decorative: the
// text beside each icon, or its button's label, carries the meaning. The
// viewBox stays on the outer <svg>: it gives the square shape where CSS sets
// only a width (img, svg { height: auto }).
import sprite from '../assets/icons.svg';

export const ICON_NAMES = [
  'home',
  'building',
  'key',
  'shield',
  'sun',
  'health',
  'id',
  'school',
  'pin',
  'phone',
  'mail',
  'clock',
  'web',
  'chart',
  'magazine',
  'rollup',
  'map',
  'user',
  'search',
  'euro',
  'calendar',
  'plane',
  'leaf',
  'tools',
  'arrow',
  'bed',
  'bath',
  'area',
  'heart',
  'previous',
  'next',
  'expand',
  'close',
  'lock',
  'download',
  'valid',
  'invalid',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** The address of one icon of the sprite. */
export const iconHref = (name: IconName) => `${sprite}#${name}`;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} viewBox="0 0 24 24" aria-hidden="true">
      <use href={iconHref(name)} />
    </svg>
  );
}
