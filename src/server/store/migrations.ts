// Migrations, in order, shared by both dialects. Never edit one that has
// shipped: add the next.
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { catalogueMigration } from './migrations/0002-catalogue.ts';
import { searchIndexesMigration } from './migrations/0003-search-indexes.ts';
import { leadsMigration } from './migrations/0004-leads.ts';
import { accountsMigration } from './migrations/0005-accounts.ts';
import { partnerIndexingMigration } from './migrations/0006-partner-indexing.ts';
import { mapMigration } from './migrations/0007-map.ts';
import { feedFidelityMigration } from './migrations/0008-feed-fidelity.ts';
import { feedPullsMigration } from './migrations/0009-feed-pulls.ts';
import { leadMailsMigration } from './migrations/0010-lead-mails.ts';
import { rateLimitsMigration } from './migrations/0011-rate-limits.ts';
import { savedSearchesMigration } from './migrations/0012-saved-searches.ts';
import { unitHistoryMigration } from './migrations/0013-unit-history.ts';
import { scheduledRunsMigration } from './migrations/0014-scheduled-runs.ts';
import { favoriteAlertsMigration } from './migrations/0016-favorite-alerts.ts';
import { partnersVersionMigration } from './migrations/0017-partners-version.ts';
import { feedNewBuildMigration } from './migrations/0018-feed-new-build.ts';
import { loginThrottleMigration } from './migrations/0019-login-throttle.ts';
import { sessionDevicesMigration } from './migrations/0020-session-devices.ts';
import { photosMigration } from './migrations/0021-photos.ts';
import { photoRefreshMigration } from './migrations/0022-photo-refresh.ts';
import { photoDueIndexesMigration } from './migrations/0023-photo-due-indexes.ts';
import { projectFeaturesMigration } from './migrations/0024-project-features.ts';
import { searchIndexesNewFiltersMigration } from './migrations/0025-search-indexes-new-filters.ts';
import { projectMediaMigration } from './migrations/0026-project-media.ts';
import { projectDistancesMigration } from './migrations/0027-project-distances.ts';
import { searchIndexesBeachMigration } from './migrations/0028-search-indexes-beach.ts';
import { positionApproxMigration } from './migrations/0029-position-approx.ts';
import { townCentreDistanceMigration } from './migrations/0030-town-centre-distance.ts';
import { exchangeRatesMigration } from './migrations/0031-exchange-rates.ts';
import { mailLanguagesMigration } from './migrations/0032-mail-languages.ts';
import { contentLanguagesMigration } from './migrations/0033-content-languages.ts';
import { partnerLanguagesMigration } from './migrations/0034-partner-languages.ts';

const migrations: Record<string, Migration> = {
  '0001_partners_and_content': {
    async up(db: Kysely<any>) {
      const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
      const id = (col: any) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());
      await db.schema
        .createTable('partners')
        .addColumn('id', 'integer', id)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('domain', 'text', (c) => c.unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('logo', 'text')
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('address', 'text')
        .addColumn('city', 'text')
        .addColumn('color_primary', 'text', (c) => c.notNull())
        .addColumn('color_secondary', 'text', (c) => c.notNull())
        .addColumn('color_heading', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('content_pages')
        .addColumn('id', 'integer', id)
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('partner_id', 'integer', (c) => c.references('partners.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // NULLs are distinct in unique indexes on both engines, so the main site's
      // pages get a partial index of their own.
      await db.schema
        .createIndex('content_pages_partner_slug')
        .on('content_pages')
        .columns(['partner_id', 'slug'])
        .unique()
        .where(sql.ref('partner_id'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('content_pages_main_slug')
        .on('content_pages')
        .column('slug')
        .unique()
        .where(sql.ref('partner_id'), 'is', null)
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('content_pages').execute();
      await db.schema.dropTable('partners').execute();
    },
  },
  '0002_catalogue': catalogueMigration,
  '0003_search_indexes': searchIndexesMigration,
  '0004_leads': leadsMigration,
  '0005_accounts': accountsMigration,
  '0006_partner_indexing': partnerIndexingMigration,
  '0007_map': mapMigration,
  '0008_feed_fidelity': feedFidelityMigration,
  '0009_feed_pulls': feedPullsMigration,
  '0010_lead_mails': leadMailsMigration,
  '0011_rate_limits': rateLimitsMigration,
  '0012_saved_searches': savedSearchesMigration,
  '0013_unit_history': unitHistoryMigration,
  '0014_scheduled_runs': scheduledRunsMigration,
  '0016_favorite_alerts': favoriteAlertsMigration,
  '0017_partners_version': partnersVersionMigration,
  '0018_feed_new_build': feedNewBuildMigration,
  '0019_login_throttle': loginThrottleMigration,
  '0020_session_devices': sessionDevicesMigration,
  '0021_photos': photosMigration,
  '0022_photo_refresh': photoRefreshMigration,
  '0023_photo_due_indexes': photoDueIndexesMigration,
  '0024_project_features': projectFeaturesMigration,
  '0025_search_indexes_new_filters': searchIndexesNewFiltersMigration,
  '0026_project_media': projectMediaMigration,
  '0027_project_distances': projectDistancesMigration,
  '0028_search_indexes_beach': searchIndexesBeachMigration,
  '0029_position_approx': positionApproxMigration,
  '0030_town_centre_distance': townCentreDistanceMigration,
  '0031_exchange_rates': exchangeRatesMigration,
  '0032_mail_languages': mailLanguagesMigration,
  '0033_content_languages': contentLanguagesMigration,
  '0034_partner_languages': partnerLanguagesMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
