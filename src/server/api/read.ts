// What a read is (DESIGN §2): a path of the shared list (src/shared/reads.ts),
// the struct of its input, and a handler answering that path's type; served by
// api/read-routes.ts and run in-process by the page renderer. The table of
// every read is api/reads.ts.
import { create, type Struct } from 'superstruct';
import type { ReadAnswers, ReadPath } from '../../shared/reads.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import type { Services } from '../services/index.ts';
import type { StoreVersions } from '../services/versions.ts';
import type { Scope } from '../services/catalogue/index.ts';

export interface ReadContext {
  services: Services;
  /** The partner of the request: by host, then by the given slug (DESIGN §6). */
  partner(slug: string | undefined): Promise<PublicPartner | null>;
  /** The catalogue's and the partners' versions, read once per request (services/versions.ts). */
  versions(): Promise<StoreVersions>;
  /**
   * Whether project `id` is listed within `scope`, asked once per request (a
   * property page's reads each need it); `known`: what a read found out first.
   */
  listed(id: number, scope: Scope, known?: Promise<boolean>): Promise<boolean>;
  /**
   * The logged-in client of the request; absent or null: anonymous (e.g.
   * /api/project/files then answers without download addresses). Set by
   * readContext() for every read and page (request.client()).
   */
  client?: { id: number } | null;
}

/** A read as written: its input's struct, and a handler of the checked input. */
export interface ReadEndpoint<P extends ReadPath, Q> {
  path: P;
  query: Struct<Q, unknown>;
  /**
   * Whether the answer belongs to whoever holds its address (a mailed link's token) or to a
   * logged-in client alone: never cached by a CDN, even when asked without credentials. A
   * read that only changes with the session is not personal: a request with credentials
   * gets a private answer anyway (http/caching.ts), the anonymous one may be shared.
   */
  personal: boolean;
  handler(input: Q, ctx: ReadContext): Promise<ReadAnswers[P]>;
}

/** A read as served: it checks its input itself (a bad input is a 400 naming the field). */
export interface Read<P extends ReadPath = ReadPath> {
  path: P;
  personal: boolean;
  run(input: unknown, ctx: ReadContext): Promise<ReadAnswers[P]>;
}

export function read<P extends ReadPath, Q>(endpoint: ReadEndpoint<P, Q>): Read<P> {
  return {
    path: endpoint.path,
    personal: endpoint.personal,
    run: (input, ctx) => endpoint.handler(create(input, endpoint.query), ctx),
  };
}
