// GET /robots.txt, /sitemap.xml and /sitemap-{n}.xml, per host: the main site's
// on its host (addresses on SITE_URL), a partner's on its own domain (addresses
// on that domain). The host picks the site, as it does for pages; the
// addresses themselves come from configuration, never from the Host header.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteOrigin } from '../../shared/seo.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { publicCache } from '../http/caching.ts';
import { mainPages, partnerPages, placePages } from './pages.ts';
import { countListed, sitemap, sitemapPage, SITEMAP_MAX_URLS, type SitemapAnswer, type SitemapPlan } from './sitemap.ts';
import { robotsTxt } from './robots.ts';

export interface SeoOptions {
  /** Addresses per sitemap before /sitemap.xml becomes an index (tests lower it). */
  maxUrls?: number;
}

export async function seoRoutes(app: FastifyInstance, options: SeoOptions): Promise<void> {
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const { services, store } = app;

  const originOf = (partner: PublicPartner | null) => siteOrigin(app.config.SITE_URL, partner?.domain);

  async function plan(request: FastifyRequest): Promise<SitemapPlan> {
    const partner = await services.partners.byHost(request.hostname);
    if (partner) return { origin: originOf(partner), pages: await partnerPages(services, partner, true), projects: 0, maxUrls };
    const [pages, places, projects] = await Promise.all([mainPages(services), placePages(store.db), countListed(store.db)]);
    return { origin: originOf(null), pages: [...pages, ...places], projects, maxUrls };
  }

  function send(reply: FastifyReply, answer: SitemapAnswer) {
    if (answer.kind === 'none') throw new HttpError(404, NOT_FOUND_MESSAGE);
    publicCache(reply, app.config);
    reply.type('application/xml; charset=utf-8');
    return reply.send(answer.kind === 'index' ? answer.body : Readable.from(answer.body));
  }

  app.get('/robots.txt', async (request, reply) => {
    const partner = await services.partners.byHost(request.hostname);
    publicCache(reply, app.config);
    reply.type('text/plain; charset=utf-8');
    return robotsTxt(originOf(partner));
  });

  app.get('/sitemap.xml', async (request, reply) => send(reply, await sitemap(store.db, await plan(request))));

  app.get<{ Params: { n: string } }>('/sitemap-:n.xml', async (request, reply) => {
    const n = /^[1-9]\d{0,5}$/.test(request.params.n) ? Number(request.params.n) : NaN;
    if (Number.isNaN(n)) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(reply, sitemapPage(store.db, await plan(request), n));
  });
}
