// Alerts on favorites (issue 13): once a day at 08:00 Madrid time, each client
// whose switch is on gets one mail about what changed in their favorite
// projects since their last such mail (changes.ts), or none when nothing did.
// The day's run is claimed once across instances (periods/claim-period.ts) in the
// transaction that queues the mails and moves each client's window on, so a
// failure rolls all of it back and another instance never mails twice.
// The mail's one-click link switches the alerts off (links.ts); so does the
// profile (services/accounts). Each mail is written in its client's language
// (clients.language), its links under that language's prefix.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { DialectName } from '../../store/db.ts';
import { lockCatalogue } from '../../store/catalogue-lock.ts';
import { claimPeriod } from '../../periods/claim-period.ts';
import { dueToday } from '../../periods/local-hour.ts';
import { DIGEST_HOUR, DIGEST_TIME_ZONE } from '../../../shared/saved-searches.ts';
import { queueMail } from '../../mail/outbox.ts';
import { mailBrand } from '../accounts/mails.ts';
import { toPublicPartner } from '../partners.ts';
import { favoriteChanges } from './changes.ts';
import { alertLinks, linkHolder } from './links.ts';
import { favoritesMail } from './mail.ts';
import { cardsById } from '../catalogue/cards.ts';
import { mailPicture } from '../saved-searches/alerts.ts';
import { contactDetails } from '../../../shared/contact-details.ts';
import { siteOrigin } from '../../../shared/seo.ts';
import { writeIn } from '../../../shared/i18n.ts';

export const FAVORITE_ALERTS_JOB = 'alerts:favorites';

export interface FavoriteAlertOptions {
  /** The main site's public address (SITE_URL): links in mails start here. */
  siteUrl: string;
  dialect: DialectName;
}

/** What a run did: null when the day's run was not due or another instance had it. */
export interface FavoriteAlertRun {
  period: string;
  mailed: number;
}

export class FavoriteAlertService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: FavoriteAlertOptions,
  ) {}

  /**
   * The day's mails, if `now` is past today's 08:00 in Madrid and no instance
   * sent them yet. Before 08:00 yesterday's run is not made up: the next
   * run's window covers what changed meanwhile. `db`: the connection to run
   * on (the job's own, jobs/own-connection.ts).
   */
  async runDue(now: Date, db: Kysely<Database> = this.db): Promise<FavoriteAlertRun | null> {
    // The saved searches' digest hour: one morning mail time for every alert.
    const period = dueToday(now, DIGEST_HOUR, DIGEST_TIME_ZONE);
    if (!period) return null;
    return db.transaction().execute(async (trx) => {
      // An import in progress commits first: its changes fall in this window, not before it.
      await lockCatalogue(trx, this.options.dialect);
      if (!(await claimPeriod(trx, FAVORITE_ALERTS_JOB, period, now))) return null;
      return { period, mailed: await this.queueMails(trx, now) };
    });
  }

  /**
   * Queues one mail per client with news, in `trx`, and moves on the window of
   * every client whose changes were looked at, mailed or not: a rise not mailed
   * today is then the start a later drop is measured from.
   */
  private async queueMails(trx: Kysely<Database>, now: Date): Promise<number> {
    const at = now.toISOString();
    const changes = await favoriteChanges(trx, at);
    const news = changes.filter((c) => c.projects.length);
    const partnerIds = [...new Set(news.map((c) => c.partnerId).filter((id): id is number => id !== null))];
    const partners = new Map(
      partnerIds.length
        ? (await trx.selectFrom('partners').selectAll().where('id', 'in', partnerIds).execute()).map(
            (row) => [row.id, toPublicPartner(row)] as const,
          )
        : [],
    );
    const cards = await cardsById(
      trx,
      news.flatMap((c) => c.projects.map((p) => p.projectId)),
    );
    for (const change of changes) {
      const mailed = change.projects.length > 0;
      if (mailed) {
        const partner = change.partnerId === null ? null : (partners.get(change.partnerId) ?? null);
        const links = await alertLinks(trx, this.options.siteUrl, partner, change.clientId, now, change.language);
        // Pictures on the domain of the client's site, as its links are.
        const origin = siteOrigin(this.options.siteUrl, partner?.domain);
        const pictureOf = (id: number) => {
          const card = cards.get(id);
          return card ? mailPicture(card, origin) : null;
        };
        const mail = writeIn(change.language, () =>
          favoritesMail(mailBrand(this.options.siteUrl, partner, change.language), change.projects, links, {
            contact: contactDetails(partner),
            pictureOf,
          }),
        );
        await queueMail(trx, change.email, mail, now);
      }
      await trx
        .updateTable('clients')
        .set(mailed ? { favorite_alerts_since: change.newest, favorite_alert_sent_at: at } : { favorite_alerts_since: change.newest })
        .where('id', '=', change.clientId)
        .execute();
    }
    return news.length;
  }

  /** Whether the link is good and the alerts of its client are on; null for a bad or expired link. */
  async linkState(token: string, now: Date): Promise<{ on: boolean } | null> {
    const clientId = await linkHolder(this.db, token, now);
    if (clientId === null) return null;
    const row = await this.db.selectFrom('clients').select('favorite_alerts').where('id', '=', clientId).executeTakeFirstOrThrow();
    return { on: Boolean(row.favorite_alerts) };
  }

  /** Switches the alerts of the link's client off; false for a bad or expired link. */
  async unsubscribe(token: string, now: Date): Promise<boolean> {
    const clientId = await linkHolder(this.db, token, now);
    if (clientId === null) return false;
    await this.db.updateTable('clients').set({ favorite_alerts: 0, updated_at: now.toISOString() }).where('id', '=', clientId).execute();
    return true;
  }

  /** Deletes expired unsubscribe links (upkeep). */
  async prune(now: Date): Promise<number> {
    const result = await this.db.deleteFrom('favorite_alert_links').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
