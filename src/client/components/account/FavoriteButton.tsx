// The heart (SPEC §2, §4): on every project card (through its `actions` slot)
// and on the property page. A toggle button: aria-pressed says whether the
// project is a favorite; its name says which project. The heart itself is
// drawn by the stylesheet (styles/account.css).
import { t } from '../../../shared/i18n.ts';
import { useFavorite } from './useFavorite.ts';

export interface FavoriteButtonProps {
  projectId: number;
  /** The project's name, for the button's accessible name. */
  name: string;
  /** 'card': an icon over the picture; 'page': the icon and a word, on the property page. */
  variant?: 'card' | 'page';
}

export function FavoriteButton({ projectId, name, variant = 'card' }: FavoriteButtonProps) {
  const favorite = useFavorite(projectId);
  const label = t('accountUi.heart.label', { name });
  return (
    <button
      type="button"
      className={`favorite-button favorite-button--${variant}${favorite.pressed ? ' is-pressed' : ''}`}
      aria-pressed={favorite.pressed}
      // The card's heart has no text: its title is its accessible name and its tooltip (no
      // aria-label saying it again on each card); the page's says "Favorite" and the name.
      title={label}
      aria-busy={favorite.busy || undefined}
      data-favorite={projectId}
      onClick={favorite.toggle}
    >
      {variant === 'page' && (
        <span className="favorite-button__text">
          {t('accountUi.heart.page')}
          <span className="visually-hidden"> {name}</span>
        </span>
      )}
    </button>
  );
}
