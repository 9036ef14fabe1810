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
import { boundedMemo } from '../../shared/bounded-memo.ts';

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
   * readContext() for personal reads and pages (request.client()).
   */
  client?: { id: number } | null;
}

/** A read as written: its input's struct, and a handler of the checked input. */
export interface ReadEndpoint<P extends ReadPath, Q> {
  path: P;
  query: Struct<Q, unknown>;
  /** Whether the answer differs per visitor (then never cached by a CDN). */
  personal: boolean;
  /** Its input carries a secret (a mailed link's token): checked every time, never kept in memory. */
  secretInput?: true;
  handler(input: Q, ctx: ReadContext): Promise<ReadAnswers[P]>;
}

/** A read as served: it checks its input itself (a bad input is a 400 naming the field). */
export interface Read<P extends ReadPath = ReadPath> {
  path: P;
  personal: boolean;
  run(input: unknown, ctx: ReadContext): Promise<ReadAnswers[P]>;
}

export function read<P extends ReadPath, Q>(endpoint: ReadEndpoint<P, Q>): Read<P> {
  const check = endpoint.secretInput ? (input: unknown) => create(input, endpoint.query) : checkedOnce(endpoint.query);
  return {
    path: endpoint.path,
    personal: endpoint.personal,
    run: (input, ctx) => endpoint.handler(check(input), ctx),
  };
}

/** Inputs kept per read: a few hundred pages' worth; the keys are a stranger's, so bounded. */
const KEPT_INPUTS = 500;
/** A longer input is checked every time: no page's or link's query is that long. */
const LONGEST_KEPT = 1000;

/**
 * The struct's check of an input, kept per input: a page asks the same reads
 * with the same few queries again and again, and superstruct's coercion and
 * validation of a search's input was ~3 % of the search page's CPU. The checked
 * value is a pure function of the input (JSON: a query string or a body), so
 * it is kept by its JSON text, frozen so that no handler can change what the
 * next request gets. A refused input is not kept: it throws every time.
 * Not for a read whose input is a secret (`secretInput`: a mailed link's token).
 */
function checkedOnce<Q>(struct: Struct<Q, unknown>): (input: unknown) => Q {
  const kept = boundedMemo<Q>(KEPT_INPUTS);
  return (input) => {
    const key = JSON.stringify(input);
    if (key === undefined || key.length > LONGEST_KEPT) return create(input, struct);
    return kept(key, () => deepFreeze(create(input, struct)));
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
