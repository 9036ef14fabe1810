// A page's language is its address's first segment (`/de/contact`; shared/languages.ts).
// Fastify routes the address without it (its `rewriteUrl`), so every page, form post
// and redirect route serves every language; the language stays with the request.
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
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
