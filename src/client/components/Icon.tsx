// The site's line icons: one cached sprite (assets/icons.svg, a hashed file of
// the build, same origin for the CSP) referenced with <use>, so a page carries
// a short reference per icon instead of a copy of its paths. Decorative: the
// text beside each icon, or its button's label, carries the meaning. The outer
// <svg> needs no viewBox: each symbol has its own, and `.icon` is square in CSS
// (styles/base.css) where a rule sets only a width. Icons a page repeats many
// times (the cards' pin and facts, the heart) are drawn by the stylesheet
// instead, as masks of the sprite's <view>s (styles/cards.css, account.css).
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
  'logo-frame',
  'logo-roof',
  'logo-door',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** The address of one icon of the sprite. */
export const iconHref = (name: IconName) => `${sprite}#${name}`;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} aria-hidden="true">
      <use href={iconHref(name)} />
    </svg>
  );
}
