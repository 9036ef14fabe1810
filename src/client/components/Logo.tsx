// The brand mark: the partner's logo on its site, the site's own otherwise.
// The mark's colours follow the brand variables (styles/header.css); its three
// parts are symbols of the icon sprite, each coloured through its <use>.
import { t } from '../../shared/i18n.ts';
import { useStore } from '../store.tsx';
import { iconHref } from './Icon.tsx';

export function Logo() {
  const partner = useStore((s) => s.partner);
  if (partner?.logo) return <img className="logo logo--image" src={partner.logo} alt={partner.name} height={48} />;
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 40 40" aria-hidden="true">
        <use className="logo__frame" href={iconHref('logo-frame')} />
        <use className="logo__roof" href={iconHref('logo-roof')} />
        <use className="logo__door" href={iconHref('logo-door')} />
      </svg>
      <span className="logo__name">{partner?.name ?? t('site.name')}</span>
    </span>
  );
}
