// buildApp(config) composes the whole site as one Fastify instance: store,
// services, security headers, assets, the JSON API and the page renderer.
// main.ts owns the process; tests call buildApp and use app.inject.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { Config } from './config.ts';
import { publicConfig } from './config.ts';
import { openStore, type Store } from './store/db.ts';
import { createServices, type Services } from './services/index.ts';
import { seedDemo } from './store/seed.ts';
import { seedDemoCatalogue } from './demo/seed.ts';
import { mediaRoutes } from './api/media.ts';
import { partnerLogoRoutes } from './api/partner-logos.ts';
import { loadLocales } from './locales.ts';
import { securityHeaders } from './plugins/security.ts';
import { assetRoutes, readManifest } from './plugins/assets.ts';
import { installErrorHandler } from './api/errors.ts';
import { healthRoutes } from './api/health.ts';
import { partnerRoutes } from './api/partner.ts';
import { readRoutes } from './api/read-routes.ts';
import { leadRoutes } from './api/leads.ts';
import { accountRoutes } from './api/accounts.ts';
import { fileRoutes } from './api/files.ts';
import { installSession } from './plugins/session.ts';
import { loggerOptions } from './plugins/redact.ts';
import { scryptParams } from './services/accounts/passwords.ts';
import { seoRoutes } from './seo/routes.ts';
import { installMailOutbox, type MailTransport } from './mail/index.ts';
import { installUpkeep } from './plugins/upkeep.ts';
import { installFeedPulls } from './plugins/feed-pulls.ts';
import type { ScheduleOptions } from './catalogue-import/schedule.ts';
import { feedImageRoutes, type FeedImageOptions } from './api/feed-images.ts';
import { pageHandler } from './render/page.ts';
import { formPostRoutes } from './render/form-post.ts';
import { savedSearchRoutes } from './api/saved-searches.ts';
import { savedSearchPosts } from './render/saved-search-posts.ts';
import { routes as defaultRoutes, type RouteDef } from '../shared/routes.ts';
import type { SsrEntry } from '../shared/ssr.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
    services: Services;
  }
}

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The client build (build.mjs); DIST_DIR moves it, as it does for the build. */
export const DIST_DIR = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT_DIR, 'dist');

export interface AppOptions {
  /** Use this store instead of opening one from the config (it is then not closed by the app). */
  store?: Store;
  /** Replace the built server entry, e.g. to test the renderer's failure paths. */
  ssr?: SsrEntry;
  routes?: RouteDef[];
  logger?: boolean;
  /** Send lead mails through this instead of SMTP_URL or files (tests). */
  mailTransport?: MailTransport;
  /** Addresses per sitemap before /sitemap.xml becomes an index (tests lower it; default 45,000). */
  sitemapMaxUrls?: number;
  /** Tests only: let /media/images fetch from the loopback, and fake DNS (api/feed-images.ts). */
  feedImages?: FeedImageOptions;
  /** The feed schedule's clock, timer and interval (tests). */
  feedPulls?: ScheduleOptions;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.LOG_LEVEL),
    // Trust X-Forwarded-* only from the configured proxy addresses, so a client
    // that reaches the server directly cannot choose its own address.
    trustProxy: config.TRUST_PROXY.trim() ? config.TRUST_PROXY : false,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    bodyLimit: 256 * 1024,
  });

  const manifest = readManifest(path.join(DIST_DIR, 'client'));
  const ssr = options.ssr ?? ((await import(pathToFileURL(path.join(DIST_DIR, 'server', 'ssr.js')).href)) as SsrEntry);
  const store = options.store ?? (await openStore({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL }));
  if (!options.store) app.addHook('onClose', () => store.close());
  const services = createServices(store, { accounts: { hashParams: scryptParams(config.SCRYPT_LOG_N), siteUrl: config.SITE_URL } });
  if (config.SEED_DEMO) {
    await seedDemo(store);
    // Its own transaction; does nothing once the catalogue has any project.
    await seedDemoCatalogue(store);
  }
  loadLocales(path.join(ROOT_DIR, 'locales'), app.log);

  app.decorate('config', config);
  app.decorate('store', store);
  app.decorate('services', services);

  installErrorHandler(app);
  await securityHeaders(app, config);
  await app.register(cookie);
  installSession(app, services.accounts);
  await app.register(compress, { threshold: 1024 });
  await app.register(assetRoutes, { clientDir: path.join(DIST_DIR, 'client') } as never);
  await app.register(healthRoutes);
  await app.register(partnerRoutes);
  await app.register(readRoutes);
  await app.register(mediaRoutes);
  await app.register(partnerLogoRoutes);
  await app.register(feedImageRoutes, options.feedImages ?? {});
  installMailOutbox(app, options.mailTransport);
  installUpkeep(app);
  await installFeedPulls(app, options.feedPulls);
  const renderer = {
    ssr,
    manifest,
    routes: options.routes ?? defaultRoutes,
    publicConfig: publicConfig(config, manifest.css),
  };
  // With the forms posted without JavaScript: same service, same rate limit.
  await app.register(leadRoutes, { forms: formPostRoutes(renderer) });
  await app.register(accountRoutes);
  // With the search page's form without JavaScript and the mails' links: same service, same limits.
  await app.register(savedSearchRoutes, { forms: savedSearchPosts });
  await app.register(fileRoutes);
  await app.register(seoRoutes, { maxUrls: options.sitemapMaxUrls });

  const page = pageHandler(app, renderer);
  app.get('/', page);
  app.get('/*', page);
  return app;
}
