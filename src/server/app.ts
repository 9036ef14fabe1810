// buildApp(config) composes the whole site as one Fastify instance: store,
// services, security headers, assets, the JSON API and the page renderer.
// main.ts owns the process; tests call buildApp and use app.inject.
// The search pages' and a typed place's reads, for the route table the renderer reads (shared/routes.ts).
import '../shared/search-reads.ts';
import '../shared/place-choice.ts';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { Config } from './config.ts';
import { publicConfig } from './config.ts';
import { configuredStore, openStore, type Store } from './store/db.ts';
import { createServices, type Services } from './services/index.ts';
import { seedDemoSite } from './demo/seed.ts';
import { renderDemoSource } from './demo/raster.ts';
import { mediaRoutes } from './api/media.ts';
import { partnerLogoRoutes } from './api/partner-logos.ts';
import { addLocaleMessages } from './mail/languages.ts';
import { DIST_DIR } from './paths.ts';
import { securityHeaders } from './http/security.ts';
import { lazySchemaCompilers } from './http/lazy-schema-compilers.ts';
import { assetRoutes, readManifests } from './http/assets.ts';
import { routedUrl } from './http/language.ts';
import { installErrorHandler } from './api/errors.ts';
import { BODY_LIMIT, installJsonBodies } from './http/json-bodies.ts';
import { healthRoutes } from './api/health.ts';
import { partnerRoutes } from './api/partner.ts';
import { readRoutes } from './api/read-routes.ts';
import { leadRoutes } from './api/leads.ts';
import { accountRoutes } from './api/accounts.ts';
import { fileRoutes } from './api/files.ts';
import { installSession } from './http/session.ts';
import { loggerOptions } from './http/redact.ts';
import { echoRequestId, requestIdFrom } from './http/request-id.ts';
import { installMetrics } from './metrics/index.ts';
import { scryptParams } from './services/accounts/passwords.ts';
import { seoRoutes } from './seo/routes.ts';
import { installMailOutbox, type MailTransport } from './mail/index.ts';
import { installUpkeep } from './jobs/upkeep.ts';
import { installCatalogueWarmup, type CatalogueWarmupOptions } from './jobs/catalogue-warmup.ts';
import { installAlertDigests } from './jobs/alert-digests.ts';
import { installFeedPulls } from './jobs/feed-pulls.ts';
import { installFavoriteAlerts } from './jobs/favorite-alerts.ts';
import { installExchangeRates, type ExchangeRatesOptions } from './jobs/exchange-rates.ts';
import type { MailJobSchedule } from './jobs/mail-job.ts';
import type { ScheduleOptions } from './catalogue-import/schedule.ts';
import { feedImageRoutes } from './api/feed-images.ts';
import type { PictureAccess } from './feed-images/index.ts';
import { photoRoutes } from './api/photos.ts';
import { installPhotoPreparation, type PhotoPreparationOptions } from './jobs/photo-preparation.ts';
import { pageHandler } from './render/page.ts';
import { PAGE_ROUTE } from './http/html-compression.ts';
import { formPostRoutes } from './render/form-post.ts';
import { savedSearchRoutes } from './api/saved-searches.ts';
import { savedSearchPosts } from './render/saved-search-posts.ts';
import { favoriteAlertPosts } from './render/favorite-alert-posts.ts';
import { routes as defaultRoutes, type RouteDef } from '../shared/routes.ts';
import type { SsrEntry } from '../shared/ssr.ts';
import type { MarkerCacheLimits } from './services/catalogue/marker-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
    services: Services;
  }
}

export interface AppOptions {
  /** Use this store instead of opening one from the config (it is then not closed by the app). */
  store?: Store;
  /** Replace the built server entry, e.g. to test the renderer's failure paths. */
  ssr?: SsrEntry;
  routes?: RouteDef[];
  logger?: boolean;
  /** Write the log lines here instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Send lead mails through this instead of SMTP_URL or files (tests). */
  mailTransport?: MailTransport;
  /** Addresses per sitemap before /sitemap.xml becomes an index (tests lower it; default 45,000). */
  sitemapMaxUrls?: number;
  /** Unpacked bytes per sitemap before /sitemap.xml becomes an index (tests lower it; default 45 MiB). */
  sitemapMaxBytes?: number;
  /** Tests only: let feed pictures be fetched from the loopback, and fake DNS (the proxy's and the photo job's). */
  feedImages?: PictureAccess;
  /** The feed schedule's clock, timer and interval (tests). */
  feedPulls?: ScheduleOptions;
  /**
   * The favorites alerts' clock and interval. With NODE_ENV=test the job runs
   * only when this is given: on the real clock it would mail other tests' clients.
   */
  favoriteAlerts?: MailJobSchedule;
  /**
   * The saved searches' digests: their clock and how often they are checked. With
   * NODE_ENV=test they run only when this is given, as the favorites alerts.
   */
  alertDigests?: MailJobSchedule;
  /** The accounts' clock: sessions, login throttling (tests). */
  accountClock?: () => Date;
  /** How often the map's index is checked against the catalogue's version. With NODE_ENV=test only when given. */
  catalogueWarmup?: CatalogueWarmupOptions;
  /** The bounds of the map's indexes kept (tests lower them to stand for a large catalogue). */
  markerCache?: MarkerCacheLimits;
  /** The exchange rates' pull: its clock and interval. With NODE_ENV=test only when given. */
  exchangeRates?: ExchangeRatesOptions;
  /** Feed photos prepared in the background. With NODE_ENV=test only when given. */
  photoPreparation?: PhotoPreparationOptions;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.LOG_LEVEL), ...(options.logStream ? { stream: options.logStream } : {}) },
    // Trust X-Forwarded-* only from the configured proxy addresses, so a client
    // that reaches the server directly cannot choose its own address.
    trustProxy: config.TRUST_PROXY.trim() ? config.TRUST_PROXY : false,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    bodyLimit: BODY_LIMIT,
    rewriteUrl: routedUrl,
    // The header is read by genReqId, which checks it first (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdFrom(config.REQUEST_ID_HEADER),
    schemaController: { compilersFactory: lazySchemaCompilers },
  });

  const manifests = readManifests(path.join(DIST_DIR, 'client'));
  const ssr = options.ssr ?? ((await import(pathToFileURL(path.join(DIST_DIR, 'server', 'ssr.js')).href)) as SsrEntry);
  const store = options.store ?? (await openStore(configuredStore(config)));
  if (!options.store) app.addHook('onClose', () => store.close());
  const services = createServices(store, {
    accounts: {
      hashParams: scryptParams(config.SCRYPT_LOG_N),
      hashConcurrency: config.PASSWORD_HASH_CONCURRENCY,
      hashQueue: config.PASSWORD_HASH_QUEUE,
      siteUrl: config.SITE_URL,
      sessionIdleDays: config.SESSION_IDLE_DAYS,
      ...(options.accountClock ? { now: options.accountClock } : {}),
    },
    catalogue: { markerCache: options.markerCache },
    exchangeRatesMaxAgeDays: config.EXCHANGE_RATES_MAX_AGE_DAYS,
  });
  // Every language's strings, read once: for the server's own texts, the pages it renders and the demo's pages.
  const locales = addLocaleMessages(app.log);
  for (const [language, tree] of locales) ssr.addMessages?.(tree, language);
  if (config.SEED_DEMO) await seedDemoSite(store, locales);

  app.decorate('config', config);
  app.decorate('store', store);
  app.decorate('services', services);
  installMetrics(app);
  echoRequestId(app, config.REQUEST_ID_HEADER);

  installErrorHandler(app);
  installJsonBodies(app);
  await securityHeaders(app, config);
  await app.register(cookie);
  installSession(app, services.accounts);
  // Assets before compression: they are compressed at build (http/assets.ts); pages compress themselves (PAGE_ROUTE).
  await app.register(assetRoutes, { clientDir: path.join(DIST_DIR, 'client') } as never);
  await app.register(compress, { threshold: 1024 });
  await app.register(healthRoutes);
  await app.register(partnerRoutes);
  await app.register(readRoutes);
  await app.register(mediaRoutes);
  await app.register(partnerLogoRoutes);
  await app.register(feedImageRoutes, { ...options.feedImages, draw: renderDemoSource });
  await app.register(photoRoutes);
  installMailOutbox(app, options.mailTransport);
  installUpkeep(app);
  if (config.NODE_ENV !== 'test' || options.catalogueWarmup) installCatalogueWarmup(app, options.catalogueWarmup);
  if (config.PREPARE_PHOTOS && (config.NODE_ENV !== 'test' || options.photoPreparation))
    installPhotoPreparation(app, { draw: renderDemoSource, ...options.photoPreparation }, options.feedImages);
  if (config.NODE_ENV !== 'test' || options.favoriteAlerts) await installFavoriteAlerts(app, options.favoriteAlerts);
  if (config.NODE_ENV !== 'test' || options.alertDigests) await installAlertDigests(app, options.alertDigests);
  if (config.NODE_ENV !== 'test' || options.exchangeRates) installExchangeRates(app, options.exchangeRates);
  await installFeedPulls(app, { onPull: app.metrics.feedPulled, ...options.feedPulls });
  const renderer = {
    ssr,
    manifests,
    routes: options.routes ?? defaultRoutes,
    publicConfig: publicConfig(config, manifests.en.css),
  };
  // With the forms posted without JavaScript: same service, same rate limit.
  await app.register(leadRoutes, { forms: formPostRoutes(renderer) });
  await app.register(accountRoutes);
  // With the search page's form without JavaScript and the mails' links: same service, same limits.
  await app.register(savedSearchRoutes, { forms: savedSearchPosts });
  await app.register(favoriteAlertPosts);
  await app.register(fileRoutes, options.feedImages ?? {});
  await seoRoutes(app, { maxUrls: options.sitemapMaxUrls, maxBytes: options.sitemapMaxBytes });

  const page = pageHandler(app, renderer);
  app.get('/', PAGE_ROUTE, page);
  app.get('/*', PAGE_ROUTE, page);
  return app;
}
