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
