// The header's account control: a login link for a visitor; for a logged-in
// client the menu (ClientMenu.tsx), whose code loads when needed
// (lib/client-menu.ts); until it arrives, the control's empty box.
import { t } from '../../../shared/i18n.ts';
import { useUser } from '../../lib/auth.tsx';
import { accountHref } from '../../lib/account-links.ts';
import { clientMenu } from '../../lib/client-menu.ts';
import { useOnDemand } from '../../lib/on-demand.ts';
import { useSection } from '../../lib/section.tsx';
import { Link } from '../Link.tsx';
import { Icon } from '../Icon.tsx';

export function AccountMenu() {
  const user = useUser();
  const section = useSection();
  const { value: ClientMenu } = useOnDemand(clientMenu, user !== null);

  if (user) return ClientMenu ? <ClientMenu user={user} /> : <div className="account-menu" />;
  return (
    <div className="account-menu">
      <Link className="account-menu__login" href={accountHref(section, '/client-login')}>
        <Icon name="user" />
        <span>{t('accountUi.menu.login')}</span>
      </Link>
    </div>
  );
}
