// GET /robots.txt, /sitemap.xml and /sitemap-{n}.xml, per host: the main site's
// on its host (addresses on SITE_URL), a partner's on its own domain (addresses
// on that domain). The host picks the site, as it does for pages; the
// addresses themselves come from configuration, never from the Host header.
// Called on the app itself, not registered: the warm-up job calls the
// warmSitemaps it decorates the app with.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteOrigin } from '../../shared/seo.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { publicCache } from '../http/caching.ts';
import { PerVersion } from '../services/per-version.ts';
import { mainPages, partnerPages, placePages } from './pages.ts';
import { buildSitemaps, SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, type SitemapFiles, type SitemapPlan } from './sitemap.ts';
import { sendCompressed } from './compressed-file.ts';
import { robotsTxt } from './robots.ts';
import type { StoreVersions } from '../services/versions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the main site's sitemaps for the current versions, unless they are kept. */
    warmSitemaps(): Promise<void>;
  }
}

export interface SeoOptions {
  /** Addresses per sitemap before /sitemap.xml becomes an index (tests lower it). */
  maxUrls?: number | undefined;
  /** Unpacked bytes per sitemap before /sitemap.xml becomes an index (tests lower it). */
  maxBytes?: number | undefined;
}

/** Partners' domains whose sitemaps are kept, besides the main site's. */
const KEPT_PARTNER_SITES = 64;

export async function seoRoutes(app: FastifyInstance, options: SeoOptions): Promise<void> {
  const limits = { maxUrls: options.maxUrls ?? SITEMAP_MAX_URLS, maxBytes: options.maxBytes ?? SITEMAP_MAX_BYTES };
  const { services, store } = app;
  // Written once per version of what they list (catalogue, partners, pages) and site; every
  // instance reads the versions at each request, so it sees another's import at the next one.
  // The main site's apart: the only costly one, which crawls of many partners' domains must not push out.
  const keptMain = new PerVersion<SitemapFiles>(1);
  const keptPartners = new PerVersion<SitemapFiles>(KEPT_PARTNER_SITES);

  const originOf = (partner: PublicPartner | null) => siteOrigin(app.config.SITE_URL, partner?.domain);

  async function plan(partner: PublicPartner | null): Promise<SitemapPlan> {
    if (partner) return { origin: originOf(partner), pages: await partnerPages(services, partner, true), projects: false, ...limits };
    const [pages, places] = await Promise.all([mainPages(services), placePages(store.db)]);
    return { origin: originOf(null), pages: [...pages, ...places], projects: true, ...limits };
  }

  /** The versions of what the sitemaps list, as one key. */
  async function current(): Promise<{ versions: StoreVersions; version: string }> {
    const [versions, content] = await Promise.all([services.partners.versions(), services.content.stamp()]);
    return { versions, version: `${versions.catalogue}/${versions.partners}/${content}` };
  }

  function filesOf(partner: PublicPartner | null, version: string): Promise<SitemapFiles> {
    const build = async () => buildSitemaps(store.db, await plan(partner));
    return partner ? keptPartners.get(version, partner.slug, build) : keptMain.get(version, '', build);
  }

  async function sitemapFiles(request: FastifyRequest): Promise<SitemapFiles> {
    const { versions, version } = await current();
    return filesOf(await services.partners.byHost(request.hostname, versions), version);
  }

  // The main site's, the one costly to write, before a crawler asks (jobs/catalogue-warmup.ts).
  app.decorate('warmSitemaps', async () => void (await filesOf(null, (await current()).version)));

  app.get('/robots.txt', async (request, reply) => {
    const partner = await services.partners.byHost(request.hostname);
    publicCache(reply, app.config);
    reply.type('text/plain; charset=utf-8');
    return robotsTxt(originOf(partner));
  });

  async function send(request: FastifyRequest, reply: FastifyReply, name: string) {
    const file = (await sitemapFiles(request)).get(name);
    if (!file) throw new HttpError(404, NOT_FOUND_MESSAGE);
    publicCache(reply, app.config);
    reply.type('application/xml; charset=utf-8');
    return sendCompressed(request, reply, file);
  }

  app.get('/sitemap.xml', { compress: false }, async (request, reply) => send(request, reply, 'sitemap.xml'));

  app.get<{ Params: { n: string } }>('/sitemap-:n.xml', { compress: false }, async (request, reply) => {
    if (!/^[1-9]\d{0,5}$/.test(request.params.n)) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(request, reply, `sitemap-${request.params.n}.xml`);
  });
}
