// The header's account control: a login link for a visitor; for a logged-in
// client a menu button (a disclosure) opening favorites, profile and logout.
// Closes on Escape (focus back on the button), on a click outside and on
// navigation. While it is open the toasts, which show where it opens, wait
// unseen behind it.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { t } from '../../../shared/i18n.ts';
import { useUser } from '../../lib/auth.tsx';
import { useLogout } from '../../lib/account-actions.ts';
import { accountHref } from '../../lib/account-links.ts';
import { useSection } from '../../lib/section.tsx';
import { Link } from '../Link.tsx';
import { Icon } from '../Logo.tsx';

export function AccountMenu() {
  const user = useUser();
  const section = useSection();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const logout = useLogout();

  useEffect(() => setOpen(false), [location, user]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    // The toasts show where the menu opens (toast.css hides them meanwhile).
    document.body.classList.add('account-menu-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.body.classList.remove('account-menu-open');
    };
  }, [open]);

  if (!user)
    return (
      <div className="account-menu">
        <Link className="account-menu__login" href={accountHref(section, '/client-login')}>
          <Icon name="user" />
          <span>{t('accountUi.menu.login')}</span>
        </Link>
      </div>
    );

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
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
