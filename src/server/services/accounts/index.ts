// Client accounts (issue 5): registration, login, sessions, password resets,
// the profile and favorites. The API routes (api/accounts.ts) check bodies
// with the shared structs and rate-limit; this service decides.
//
// Not revealing whether an email has an account (docs/decisions/no-account-enumeration.md):
// - login: an unknown email is checked against a dummy hash, so both failures
//   cost one scrypt and answer the same null;
// - registration: every request costs one hash and one verify. An email with
//   an account is answered like a new registration (same status and shape),
//   but with a token that opens no session, and the owner is mailed that
//   someone tried; if the password given is the account's, it is simply a login.
// - forgot password: the same answer either way; only an account gets a mail.
//
// Mails are written in the language of the pages the request came from (the
// reset and the "already registered" notice: whoever asked reads them next);
// the account keeps the language it last registered, logged in or saved its
// profile in, for the mails that come later (favorites alerts).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, ClientRow } from '../../store/schema.ts';
import type { PartnerService } from '../partners.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ProjectCard } from '../../../shared/catalogue.ts';
import {
  CLIENT_SCOPE,
  RESET_TOKEN_TTL_MINUTES,
  type ClientSession,
  type ClientUser,
  type LoginBody,
  type ProfileBody,
  type RegisterBody,
} from '../../../shared/accounts.ts';
import { fieldError, HttpError } from '../../../shared/errors.ts';
import { t, writeIn } from '../../../shared/i18n.ts';
import type { Language } from '../../../shared/languages.ts';
import { uniqueViolation } from '../../store/errors.ts';
import { queueMail } from '../../mail/outbox.ts';
import { isCommonPassword, type ScryptParams } from './passwords.ts';
import { PasswordHasher } from './hash-queue.ts';
import { hashToken, newToken } from './tokens.ts';
import { signDevice, verifyDevice } from './devices.ts';
import { clearFailures, pruneFailures, takeAttempt } from './login-throttle.ts';
import { siteSecret } from '../site-secrets.ts';
import {
  clientSessions,
  findSession,
  pruneEnded,
  revokeClientSessions,
  revokeToken,
  startSession,
  type ActiveSession,
} from './sessions.ts';
import { deviceName } from './device-names.ts';
import { favoriteCards, favoriteIds, listedProject, mergeFavorites, removeFavorite } from './favorites.ts';
import { accountLink, alreadyRegisteredMail, mailBrand, resetMail } from './mails.ts';
import { toPublicPartner } from '../partners.ts';
import { moveSavedSearches } from '../saved-searches/change-address.ts';

export type { ActiveSession } from './sessions.ts';

export interface AccountOptions {
  /** The cost of new password hashes (config SCRYPT_LOG_N). */
  hashParams: ScryptParams;
  /** How many password hashes may run at once (config PASSWORD_HASH_CONCURRENCY; default 2). */
  hashConcurrency?: number;
  /** Password requests that may wait for a hash; past it, 503 (default: no bound). */
  hashQueue?: number;
  /** The main site's public address (config SITE_URL): links in mails start here. */
  siteUrl: string;
  /** A session unused this many days ends (config SESSION_IDLE_DAYS; default 14). */
  sessionIdleDays?: number;
  now?: () => Date;
}

/** A login: the user and the token of the new session (or of none, see register). */
export interface Authenticated {
  user: ClientUser;
  token: string;
}

/** A login's answer: also the value of the browser's device cookie (devices.ts). */
export interface LoggedIn extends Authenticated {
  device: string;
}

/** Where a request came from: its host decides the partner first (DESIGN §6). */
export interface AccountOrigin {
  host: string | null;
  /** The client's address: its password requests take turns with other addresses' (hash-queue.ts). */
  address: string;
  /** The User-Agent header, which names the session's device in the profile. */
  userAgent?: string | null;
  /** The language of the pages it came from (http/language.ts). */
  language: Language;
}

/** Where a login came from: also the browser's device cookie, if it sent one (devices.ts). */
export interface LoginOrigin extends AccountOrigin {
  device?: string;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A 400 naming the field, worded like the struct failures (api/errors.ts). */

export class AccountService {
  private readonly now: () => Date;
  private dummy: Promise<string> | null = null;
  private deviceKey: Promise<Buffer> | null = null;
  private readonly idleDays: number;
  readonly hasher: PasswordHasher;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly partners: PartnerService,
    private readonly catalogue: CatalogueService,
    private readonly options: AccountOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.idleDays = options.sessionIdleDays ?? 14;
    this.hasher = new PasswordHasher(options.hashParams, options.hashConcurrency ?? 2, options.hashQueue);
  }

  /** Deletes sessions and reset tokens that ended a week ago or more, and forgotten login failures (app upkeep, every few hours). */
  async prune(): Promise<{ sessions: number; resets: number; loginFailures: number }> {
    const now = this.now();
    return { ...(await pruneEnded(this.db, now, this.idleDays)), loginFailures: await pruneFailures(this.db, now) };
  }

  // --- registration and login ----------------------------------------------

  /** A new account (or its owner, logged in), or a decoy; each with the browser's device cookie, as a login gives. */
  async register(body: RegisterBody, origin: AccountOrigin): Promise<LoggedIn> {
    this.refuseCommon(body.password);
    const email = normaliseEmail(body.email);
    const partner = await this.partners.resolve(origin.host, body.partner ?? null);
    const existing = await this.byEmail(email);
    // One hash and one verify whichever way this goes, so the time tells nothing.
    const [hash, isOwner] = await Promise.all([
      this.hasher.hash(body.password, origin.address),
      this.verifyOrDummy(body.password, existing?.password_hash ?? null, origin.address),
    ]);
    if (existing)
      return isOwner
        ? this.withDevice(await this.logIn(existing, body.favorites, origin))
        : this.decoy(existing, email, partner?.id ?? null, body.favorites, origin.language);

    const now = this.now();
    const at = now.toISOString();
    try {
      const created = await this.db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('clients')
          .values({
            email,
            password_hash: hash,
            name: null,
            phone: null,
            partner_id: partner?.id ?? null,
            language: origin.language,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await mergeFavorites(trx, id, body.favorites ?? [], now);
        const { token } = await startSession(trx, id, now, origin.userAgent);
        return { user: await this.userOf(trx, id), token };
      });
      return await this.withDevice(created);
    } catch (error) {
      // The same email registered at the same moment by another request.
      const taken = uniqueViolation(error) === 'email' ? await this.byEmail(email) : undefined;
      if (taken) return this.decoy(taken, email, partner?.id ?? null, body.favorites, origin.language);
      throw error;
    }
  }

  /**
   * The user, a new session and the browser's new device cookie, or null for a
   * wrong email or password (the same way). Throttled per account, or per
   * browser when `origin.device` is the client's (login-throttle.ts): a
   * TooManyAttempts when this attempt comes too early.
   */
  async login(body: LoginBody, origin: LoginOrigin): Promise<LoggedIn | null> {
    const { address } = origin;
    const email = normaliseEmail(body.email);
    const client = await this.byEmail(email);
    const secret = await this.deviceSecret();
    const device = verifyDevice(secret, origin.device);
    const trusted = device !== null && device.clientId === client?.id;
    const key = trusted ? `device:${device.deviceId}` : `email:${email}`;
    await takeAttempt(this.db, key, this.now());
    // A browser the client logged in from before takes turns in the hash queue as itself, not as its address.
    const ok = await this.verifyOrDummy(body.password, client?.password_hash ?? null, trusted ? key : address);
    if (!client || !ok) return null;
    await clearFailures(this.db, key);
    if (this.hasher.needsRehash(client.password_hash)) {
      const hash = await this.hasher.hash(body.password, address);
      await this.db.updateTable('clients').set({ password_hash: hash }).where('id', '=', client.id).execute();
    }
    return this.withDevice(await this.logIn(client, body.favorites, origin), device?.deviceId);
  }

  /** The session `token` names, or null. */
  session(token: string): Promise<ActiveSession | null> {
    return findSession(this.db, token, this.now(), this.idleDays);
  }

  /** The client's live sessions for the profile, `session`'s marked current. */
  async sessions(session: ActiveSession): Promise<ClientSession[]> {
    const rows = await clientSessions(this.db, session.id, this.now(), this.idleDays);
    return rows.map((r) => ({
      id: r.id,
      device: deviceName(r.user_agent),
      last_seen_at: r.last_seen_at,
      current: r.id === session.sessionId,
    }));
  }

  /** Ends every session of the client but `session`. */
  async logOutOthers(session: ActiveSession): Promise<void> {
    await revokeClientSessions(this.db, session.id, this.now(), session.sessionId);
  }

  async logout(token: string): Promise<void> {
    await revokeToken(this.db, token, this.now());
  }

  user(clientId: number): Promise<ClientUser> {
    return this.userOf(this.db, clientId);
  }

  // --- forgot and reset password -------------------------------------------

  /** Mails a reset link in `language` if `email` has an account; says nothing either way. */
  async forgotPassword(email: string, language: Language): Promise<void> {
    const client = await this.byEmail(normaliseEmail(email));
    if (!client) return;
    const token = newToken();
    const now = this.now();
    const partner = await this.partnerOf(client);
    const link = accountLink(this.options.siteUrl, partner, 'client-reset-password', token, language);
    const mail = writeIn(language, () => resetMail(mailBrand(this.options.siteUrl, partner, language), link));
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: hashToken(token),
          client_id: client.id,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString(),
          used_at: null,
        })
        .execute();
      await queueMail(trx, client.email, mail, now);
    });
  }

  /**
   * Sets a new password with a reset token: once, within the hour. Every
   * session of the client ends, and every other reset link of theirs too;
   * the account's failed logins are forgotten.
   */
  async resetPassword(token: string, password: string, address: string): Promise<void> {
    this.refuseCommon(password);
    const now = this.now();
    const at = now.toISOString();
    // The token first: a bad one is answered without the cost of a hash.
    if (!(await usableReset(this.db, token, at))) throw fieldError('token', t('account.errors.resetInvalid'));
    const hash = await this.hasher.hash(password, address);
    const done = await this.db.transaction().execute(async (trx) => {
      const reset = await usableReset(trx, token, at);
      if (!reset) return false;
      // Marked used on the row itself: of two requests with one token, one wins.
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: at })
        .where('id', '=', reset.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await voidResetLinks(trx, reset.client_id, at);
      const { email } = await trx
        .updateTable('clients')
        .set({ password_hash: hash, updated_at: at })
        .where('id', '=', reset.client_id)
        .returning('email')
        .executeTakeFirstOrThrow();
      await revokeClientSessions(trx, reset.client_id, now);
      // The mailbox is the owner's: whatever strangers guessed no longer slows them.
      await clearFailures(trx, `email:${email}`);
      return true;
    });
    if (!done) throw fieldError('token', t('account.errors.resetInvalid'));
  }

  // --- profile ---------------------------------------------------------------

  /**
   * Changes the given fields. The email and the password need the current
   * password; either change ends the client's other sessions and voids the
   * reset links sent before it (one may sit in a mailbox the client just left).
   * The account's mails follow `language`, the profile page's, from now on.
   */
  async updateProfile(session: ActiveSession, body: ProfileBody, address: string, language: Language): Promise<ClientUser> {
    const client = await this.db.selectFrom('clients').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    const email = body.email === undefined ? undefined : normaliseEmail(body.email);
    const changesEmail = email !== undefined && email !== client.email;
    const changesPassword = body.password !== undefined;
    if (changesEmail || changesPassword) {
      if (body.current_password === undefined) throw fieldError('current_password', t('account.errors.currentPassword'));
      if (!(await this.hasher.verify(body.current_password, client.password_hash, address)))
        throw fieldError('current_password', t('messages.loginFailed'));
    }
    if (changesPassword) this.refuseCommon(body.password!);
    const set: Partial<
      Pick<
        ClientRow,
        'email' | 'password_hash' | 'name' | 'phone' | 'updated_at' | 'favorite_alerts' | 'favorite_alerts_since' | 'language'
      >
    > = {};
    if (body.name !== undefined) set.name = body.name;
    if (language !== client.language) set.language = language;
    const now = this.now();
    if (body.favorite_alerts !== undefined && body.favorite_alerts !== Boolean(client.favorite_alerts)) {
      set.favorite_alerts = body.favorite_alerts ? 1 : 0;
      // Turned back on: what changed while it was off is not mailed all at once.
      if (body.favorite_alerts) set.favorite_alerts_since = now.toISOString();
    }
    if (body.phone !== undefined) set.phone = body.phone;
    if (changesEmail) set.email = email;
    if (changesPassword) set.password_hash = await this.hasher.hash(body.password!, address);
    if (Object.keys(set).length) {
      set.updated_at = now.toISOString();
      try {
        await this.db.transaction().execute(async (trx) => {
          await trx.updateTable('clients').set(set).where('id', '=', client.id).execute();
          // Whoever else holds a session may be who the client is changing them against.
          if (changesPassword || changesEmail) await revokeClientSessions(trx, client.id, now, session.sessionId);
          if (changesPassword || changesEmail) await voidResetLinks(trx, client.id, set.updated_at!);
          if (changesEmail) await moveSavedSearches(trx, client.email, email);
        });
      } catch (error) {
        if (uniqueViolation(error) === 'email') throw new HttpError(409, `email: ${t('account.errors.emailTaken')}`);
        throw error;
      }
    }
    return this.user(client.id);
  }

  // --- favorites -------------------------------------------------------------

  async addFavorite(clientId: number, projectId: number): Promise<number[]> {
    if (!(await listedProject(this.db, projectId))) throw fieldError('id', t('account.errors.unknownProject'));
    await mergeFavorites(this.db, clientId, [projectId], this.now());
    return favoriteIds(this.db, clientId);
  }

  async removeFavorite(clientId: number, projectId: number): Promise<number[]> {
    await removeFavorite(this.db, clientId, projectId);
    return favoriteIds(this.db, clientId);
  }

  async mergeFavorites(clientId: number, ids: number[]): Promise<number[]> {
    await mergeFavorites(this.db, clientId, ids, this.now());
    return favoriteIds(this.db, clientId);
  }

  /** The favorites as cards, as the partner's site `partnerId` shows them. */
  async favoriteCards(clientId: number, partnerId: number | null): Promise<ProjectCard[]> {
    return favoriteCards(this.db, clientId, await this.catalogue.scope(partnerId));
  }

  // --- helpers ---------------------------------------------------------------

  private refuseCommon(password: string): void {
    if (isCommonPassword(password)) throw fieldError('password', t('account.errors.passwordCommon'));
  }

  private byEmail(email: string): Promise<ClientRow | undefined> {
    return this.db.selectFrom('clients').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** Verifies against `stored`, or against a dummy hash at the same cost when there is none (then false). */
  private async verifyOrDummy(password: string, stored: string | null, who: string): Promise<boolean> {
    this.dummy ??= this.hasher.hash(newToken());
    if (stored === null) {
      await this.hasher.verify(password, await this.dummy, who);
      return false;
    }
    return this.hasher.verify(password, stored, who);
  }

  /** The key of the device cookies' HMAC, read (or made) once. */
  private deviceSecret(): Promise<Buffer> {
    this.deviceKey ??= siteSecret(this.db, 'device-cookie', this.now()).catch((error: unknown) => {
      this.deviceKey = null;
      throw error;
    });
    return this.deviceKey;
  }

  /** A new session; the account's mails follow the language of the pages logged in from from now on. */
  private async logIn(client: ClientRow, favorites: number[] | undefined, origin: AccountOrigin): Promise<Authenticated> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      if (client.language !== origin.language)
        await trx.updateTable('clients').set({ language: origin.language }).where('id', '=', client.id).execute();
      await mergeFavorites(trx, client.id, favorites ?? [], now);
      const { token } = await startSession(trx, client.id, now, origin.userAgent);
      return { user: await this.userOf(trx, client.id), token };
    });
  }

  /**
   * The answer to registering an email that has an account, to someone who
   * does not know its password: shaped like a new account's, with a token that
   * opens no session. The owner is told by mail, in the language the attempt was made in.
   */
  private async decoy(
    owner: ClientRow,
    email: string,
    partnerId: number | null,
    favorites: number[] | undefined,
    language: Language,
  ): Promise<LoggedIn> {
    const now = this.now();
    const partner = await this.partnerOf(owner);
    const link = accountLink(this.options.siteUrl, partner, 'client-forgot-password', undefined, language);
    const mail = writeIn(language, () => alreadyRegisteredMail(mailBrand(this.options.siteUrl, partner, language), link));
    const next = await this.db
      .selectFrom('clients')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const known = favorites?.length
      ? (
          await this.db
            .selectFrom('projects')
            .select('id')
            .where('id', 'in', [...new Set(favorites)])
            .execute()
        ).map((r) => r.id)
      : [];
    await this.db.transaction().execute((trx) => queueMail(trx, owner.email, mail, now));
    const user = toUser(
      { id: Number(next?.id ?? 0) + 1, email, name: null, phone: null, partner_id: partnerId, favorite_alerts: 1 },
      known.sort((a, b) => a - b),
    );
    // Signed with a throwaway key: shaped like a real device cookie, never valid.
    return { user, token: newToken(), device: signDevice(crypto.randomBytes(32), user.id) };
  }

  /** `authenticated` with the browser's device cookie for its client (the browser's own device id kept). */
  private async withDevice(authenticated: Authenticated, deviceId?: string): Promise<LoggedIn> {
    return { ...authenticated, device: signDevice(await this.deviceSecret(), authenticated.user.id, deviceId) };
  }

  /** The partner the client registered with (their mails' site and brand), or null for the main site. */
  private async partnerOf(client: ClientRow) {
    if (client.partner_id === null) return null;
    const row = await this.db.selectFrom('partners').selectAll().where('id', '=', client.partner_id).executeTakeFirst();
    return row ? toPublicPartner(row) : null;
  }

  private async userOf(db: Kysely<Database>, clientId: number): Promise<ClientUser> {
    const client = await db
      .selectFrom('clients')
      .select(['id', 'email', 'name', 'phone', 'partner_id', 'favorite_alerts'])
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    return toUser(client, await favoriteIds(db, clientId));
  }
}

/** The reset link `token` names, if it is unused and unexpired at `at`. */
function usableReset(db: Kysely<Database>, token: string, at: string) {
  return db
    .selectFrom('password_resets')
    .select(['id', 'client_id'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/** Marks every unused reset link of the client used: none of them may set a password any more. */
async function voidResetLinks(db: Kysely<Database>, clientId: number, at: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: at }).where('client_id', '=', clientId).where('used_at', 'is', null).execute();
}

/** The user object, its keys always in this order (a decoy must not differ even there). */
function toUser(
  client: Pick<ClientRow, 'id' | 'email' | 'name' | 'phone' | 'partner_id' | 'favorite_alerts'>,
  favorites: number[],
): ClientUser {
  return {
    id: client.id,
    email: client.email,
    name: client.name,
    phone: client.phone,
    scope: [CLIENT_SCOPE],
    partner_id: client.partner_id,
    favorites,
    favorite_alerts: Boolean(client.favorite_alerts),
  };
}
