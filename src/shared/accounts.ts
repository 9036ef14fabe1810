// Client accounts (SPEC §2, §3, §7): the bodies and answers of the account
// calls. The bodies a form sends are in account-bodies.ts (re-exported here),
// which the browser loads alone to check a form; the favorites' bodies and
// queries here are the server's alone (every body is `create`d with them; a
// failure is a 400 naming the field).
//
// Authentication: the answer's meta.token is sent as `Authorization: Bearer …`
// (SPEC §7); the same token is also set as the HttpOnly `sid` cookie
// (SESSION_COOKIE), so server-rendered pages know the client.
import { array, coerce, enums, object, optional, size, string, type, union, type Infer } from 'superstruct';
import { Favorites } from './account-bodies.ts';
import { PartnerSlug, ProjectId } from './request-ids.ts';
import type { ProjectCard } from './catalogue.ts';
import { FAVORITES_MAX_MERGE } from './constants.ts';

export * from './account-bodies.ts';
export { PartnerSlug };

const FavoriteOne = object({ id: ProjectId, action: enums(['add', 'remove'] as const) });
const FavoriteMerge = object({ ids: Favorites, action: enums(['merge'] as const) });

/** POST /api/favoritesubmit → 200 FavoritesAnswer; 401 anonymous. */
export const FavoriteBody = union([FavoriteOne, FavoriteMerge]);
export type FavoriteBody = Infer<typeof FavoriteBody>;
/** The action alone, so a bad body is told what `action` may be before the rest is checked. */
export const FavoriteAction = type({ action: enums(['add', 'remove', 'merge'] as const) });
/** The body's struct for each action: a failure then names the field, not the union. */
export const FAVORITE_BODIES = { add: FavoriteOne, remove: FavoriteOne, merge: FavoriteMerge } as const;

/** GET (or POST) /api/favorites → 200 FavoriteProjectsAnswer; 401 anonymous. `partner`: the section's slug. */
export const FavoritesQuery = object({ partner: optional(PartnerSlug) });
export type FavoritesQuery = Infer<typeof FavoritesQuery>;

/**
 * GET (or POST) /api/project-cards → 200 FavoriteProjectsAnswer: the cards of
 * the projects `ids` (a visitor's favorites, kept in the browser), in that
 * order, as the section's site shows them: withdrawn and out-of-scope projects
 * left out. Public: the answer depends on the ids, not on who asks. GET form:
 * ids=3,1,2.
 */
export const ProjectCardsQuery = object({
  ids: coerce(size(array(ProjectId), 1, FAVORITES_MAX_MERGE), string(), (s) =>
    s.split(',').map((v) => (/^\d{1,10}$/.test(v.trim()) ? Number(v) : v)),
  ),
  partner: optional(PartnerSlug),
});
export type ProjectCardsQuery = Infer<typeof ProjectCardsQuery>;

// --- answers -----------------------------------------------------------------

/** The logged-in user (SPEC §3): GET /api/client's data. */
export interface ClientUser {
  id: number;
  email: string;
  name: string | null;
  phone: string | null;
  /** Permissions (SPEC §6): ['client'] for every registered client. */
  scope: string[];
  /** The partner whose site the client registered on; null for the main site. */
  partner_id: number | null;
  /** Project ids, oldest first. */
  favorites: number[];
  /** Whether the daily mail about changes to the favorites is on (issue 13; default on). */
  favorite_alerts: boolean;
}

/** POST /api/client-login and /api/client-register. */
export interface AuthAnswer {
  data: ClientUser;
  meta: { token: string };
}

/** GET /api/client and POST /api/profilesubmit. */
export interface ClientAnswer {
  data: ClientUser;
}

/** POST /api/client-forgot-password, /api/client-reset-password, /api/client-logout. */
export interface MessageAnswer {
  message: string;
}

/** POST /api/favoritesubmit. */
export interface FavoritesAnswer {
  data: { favorites: number[] };
}

/** GET /api/favorites: the client's projects as search cards, in the partner's scope. */
export interface FavoriteProjectsAnswer {
  data: ProjectCard[];
}

/** A live session of the client, as the profile lists it. */
export interface ClientSession {
  id: number;
  /** Named from its login's User-Agent, e.g. 'Chrome on Android'. */
  device: string;
  /** ISO-8601, to the hour: it is written at most hourly. */
  last_seen_at: string;
  /** The session of the request that asked. */
  current: boolean;
}

/** GET /api/client-sessions and POST /api/client-logout-others: the live sessions, the most recently seen first. */
export interface SessionsAnswer {
  data: ClientSession[];
}

/** The address a logged-in client downloads a project file from (GET; 401 anonymous). */
export function fileDownloadPath(fileId: number): string {
  return `/api/files/${fileId}`;
}
