// Client accounts (migration 0005): clients, sessions, password resets,
// favorites; the favorites alerts' unsubscribe links (migration 0016); login
// throttling and the site's secrets (migration 0019); sessions' User-Agent (0020);
// the mails' language (0032).
import type { Generated, Selectable } from 'kysely';
import type { Language } from '../../../shared/languages.ts';
export interface ClientsTable {
  id: Generated<number>;
  /** Lower-cased and trimmed: the unique index is the case-insensitive check. */
  email: string;
  /** PHC string: $scrypt$ln=17,r=8,p=1$salt$hash (services/accounts/passwords.ts). */
  password_hash: string;
  name: string | null;
  phone: string | null;
  /** The partner whose site the client registered on; null: the main site. */
  partner_id: number | null;
  created_at: string;
  updated_at: string;
  /** The profile's switch of the favorites alerts, 1 on (default) or 0 off (migration 0016). */
  favorite_alerts: Generated<number>;
  /** Changes dated after this go in the next favorites mail; null: since each favorite was added. */
  favorite_alerts_since: Generated<string | null>;
  /** When the last favorites mail was queued. */
  favorite_alert_sent_at: Generated<string | null>;
  /** Its mails' language: the pages' it last registered, logged in or saved the profile on (migration 0032). */
  language: Generated<Language>;
}

/** A login. The token itself is never stored: token_hash is its SHA-256 (hex). */
export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  client_id: number;
  created_at: string;
  expires_at: string;
  /** Written at most hourly (services/accounts/sessions.ts); a session unseen for SESSION_IDLE_DAYS has ended. */
  last_seen_at: string;
  revoked_at: string | null;
  /** The login's User-Agent, cut to 512 characters (migration 0020); null before it. */
  user_agent: Generated<string | null>;
}

/** A password reset link, single-use: token_hash is the SHA-256 of the link's token. */
export interface PasswordResetsTable {
  id: Generated<number>;
  token_hash: string;
  client_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface FavoritesTable {
  client_id: number;
  project_id: number;
  created_at: string;
}

export interface AccountTables {
  clients: ClientsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  favorites: FavoritesTable;
  favorite_alert_links: FavoriteAlertLinksTable;
  login_failures: LoginFailuresTable;
  site_secrets: SiteSecretsTable;
}

export type ClientRow = Selectable<ClientsTable>;
export type SessionRow = Selectable<SessionsTable>;

/** The one-click unsubscribe link of a favorites mail; only the SHA-256 of its token is kept. */
export interface FavoriteAlertLinksTable {
  id: Generated<number>;
  token_hash: string;
  client_id: number;
  created_at: string;
  expires_at: string;
}

/** Failed logins in a row of one key: 'email:<email>' or 'device:<id>' (services/accounts/login-throttle.ts). */
export interface LoginFailuresTable {
  key: string;
  failures: number;
  /** ISO-8601: the next attempt is refused (429) before this. */
  next_at: string;
  last_failed_at: string;
}

/** A secret shared by every instance on the database, made once (services/site-secrets.ts). */
export interface SiteSecretsTable {
  name: string;
  /** base64url of 32 random bytes. */
  value: string;
  created_at: string;
}
