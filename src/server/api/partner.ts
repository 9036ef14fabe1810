// POST /api/partner/get-data (SPEC §7): the partner of a site, by its domain
// first and its slug second. id 0 means not found; that is an answer, not an error.
import type { FastifyInstance } from 'fastify';
import { create } from 'superstruct';
import { GetPartnerBody, NO_PARTNER, type GetPartnerResponse } from '../../shared/partner.ts';
import { publicCache } from '../http/caching.ts';

export async function partnerRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/partner/get-data', async (request, reply): Promise<GetPartnerResponse> => {
    const body = create(request.body ?? {}, GetPartnerBody);
    const partner = await app.services.partners.resolve(body.domain ?? request.hostname, body.partner);
    publicCache(reply, app.config);
    return { partner: partner ?? { ...NO_PARTNER, colors: { ...NO_PARTNER.colors } } };
  });
}
