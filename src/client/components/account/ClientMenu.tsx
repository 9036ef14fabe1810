// The header's account menu for a logged-in client: a menu button (a
// disclosure) opening favorites, profile and logout. Closes on Escape (focus
// back on the button), on a click outside and on navigation
// (lib/useDisclosure.ts). While it is open the toasts, which show where it
// opens, wait unseen behind it (toast.css, by the body's class). A chunk of its
// own (AccountMenu.tsx loads it): a visitor, most of the site's, needs none of it.
import { useEffect, useRef } from 'react';
import { t } from '../../../shared/i18n.ts';
import type { ClientUser } from '../../../shared/accounts.ts';
import { useLogout } from '../../lib/account-actions.ts';
import { accountHref } from '../../lib/account-links.ts';
import { useSection } from '../../lib/section.tsx';
import { useDisclosure } from '../../lib/useDisclosure.ts';
import { Link } from '../Link.tsx';
import { Icon } from '../Icon.tsx';

export function ClientMenu({ user }: { user: ClientUser }) {
  const section = useSection();
  const root = useRef<HTMLDivElement>(null);
  const { open, setOpen, toggle } = useDisclosure('account-menu-open', root);
  const logout = useLogout();

  // Any change of the user (a logout, a login, an update) closes it too.
  useEffect(() => setOpen(false), [user, setOpen]);

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls="account-menu-list"
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="user" />
        <span className="account-menu__name">{t('accountUi.menu.account')}</span>
        <span className="visually-hidden">: {user.name ?? user.email}</span>
      </button>
      <ul id="account-menu-list" className={`account-menu__list${open ? ' is-open' : ''}`} hidden={!open}>
        <li className="account-menu__who">{user.name ?? user.email}</li>
        <li>
          {/* Not prefetched: personal reads, and the menu is open when the visitor logs out. */}
          <Link href={accountHref(section, '/favorites')} prefetch={false}>
            <Icon name="heart" />
            {t('accountUi.menu.favorites')}
            {user.favorites.length > 0 && <span className="account-menu__count">{user.favorites.length}</span>}
          </Link>
        </li>
        <li>
          <Link href={accountHref(section, '/profile')} prefetch={false}>
            <Icon name="user" />
            {t('accountUi.menu.profile')}
          </Link>
        </li>
        <li>
          <button type="button" className="account-menu__logout" onClick={() => void logout()}>
            <Icon name="arrow" />
            {t('accountUi.menu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
