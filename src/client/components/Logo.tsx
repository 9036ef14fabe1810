// The brand mark: the partner's logo on its site, the site's own otherwise.
import { t } from '../../shared/i18n.ts';
import { useStore } from '../store.tsx';

export function Logo() {
  const partner = useStore((s) => s.partner);
  if (partner?.logo) return <img className="logo logo--image" src={partner.logo} alt={partner.name} height={40} />;
  return (
    <span className="logo">
      <span className="logo__mark" aria-hidden="true">◆</span>
      <span className="logo__name">{partner?.name ?? t('site.name')}</span>
    </span>
  );
}
