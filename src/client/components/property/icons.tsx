// The property page's icons by their old name: the site's sprite (../Icon.tsx).
import { Icon, type IconName } from '../Icon.tsx';

export type PropertyIconName = Extract<IconName, 'previous' | 'next' | 'expand' | 'close' | 'lock' | 'download'>;

export function PropertyIcon({ name }: { name: PropertyIconName }) {
  return <Icon name={name} />;
}
