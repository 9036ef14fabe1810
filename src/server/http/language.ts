// A page's language is its address's first segment (`/de/contact`; shared/languages.ts).
// Fastify routes the address without it (its `rewriteUrl`), so every page, form post
// and redirect route serves every language; the language stays with the request.
// An address without one is in its host's root language: English, or a partner's
// own on its domain (hostLanguage, given the host's partner).
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { PartnerService } from '../services/partners.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import { DEFAULT_LANGUAGE, splitLanguage, type Language } from '../../shared/languages.ts';

interface RequestLanguage {
  language: Language;
  /** Whether the address named it (`/en/contact` does, for the default language). */
  prefixed: boolean;
}

const languages = new WeakMap<IncomingMessage, RequestLanguage>();
const UNPREFIXED: RequestLanguage = { language: DEFAULT_LANGUAGE, prefixed: false };

/** The address Fastify routes: the request's, without its language's segment. */
export function routedUrl(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const { language, path, prefixed } = splitLanguage(url);
  if (!prefixed) return url;
  languages.set(request, { language, prefixed });
  return path;
}

export function requestLanguage(request: FastifyRequest): RequestLanguage {
  return languages.get(request.raw) ?? UNPREFIXED;
}

/** A request's language on its host (`hostPartner`: the partner whose domain it is, or null): the address's, else the host's `root`. */
export function hostLanguage(
  request: FastifyRequest,
  hostPartner: Pick<PublicPartner, 'root_language'> | null,
): RequestLanguage & { root: Language } {
  const { language, prefixed } = requestLanguage(request);
  const root = hostPartner?.root_language ?? DEFAULT_LANGUAGE;
  return { language: prefixed ? language : root, prefixed, root };
}

/** The language a visitor wrote in (an API call, a form post): hostLanguage's, the host's partner looked up. */
export async function visitorLanguage(request: FastifyRequest, partners: Pick<PartnerService, 'byHost'>): Promise<Language> {
  return hostLanguage(request, await partners.byHost(request.hostname)).language;
}
