// Favorites of a visitor who has not logged in: project ids kept in this
// browser's localStorage (stored-ids.ts), newest last, merged into the
// account at login or registration (the `favorites` of the login body) and
// then forgotten here.
import { FAVORITES_MAX_MERGE } from '../../shared/constants.ts';
import { storedIds, toggledId } from './stored-ids.ts';

export const LOCAL_FAVORITES_KEY = 'favorites';
const favorites = storedIds(LOCAL_FAVORITES_KEY, FAVORITES_MAX_MERGE);

export const parseFavorites = favorites.parse;
export const readLocalFavorites = favorites.read;
export const writeLocalFavorites = favorites.write;
/** The favorites kept in this browser (none on the server and while hydrating). */
export const useLocalFavorites = favorites.use;

/** `ids` with `id` added (last) or removed. */
export const toggled = (ids: readonly number[], id: number, on: boolean) => toggledId(ids, id, on, FAVORITES_MAX_MERGE);
