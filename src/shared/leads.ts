// The body of POST /api/leads (SPEC §3): the envelope (kind, idempotency key,
// page, partner) and a form's fields (lead-fields.ts, which the browser loads
// alone to check a form), and the leads' answers. Re-exports lead-fields.ts.
import { enums, integer, min, object, optional, refine, string, type Infer, type Struct } from 'superstruct';
import { ContactFields, BrokerFields, PropertyFields, FavoritesFields } from './lead-fields.ts';
import { PartnerSlug } from './request-ids.ts';

export * from './lead-fields.ts';
export { PartnerSlug };

export const LEAD_KINDS = ['contact', 'broker', 'property', 'favorites'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
/** The kinds a visitor sends with a form of their own details (not 'favorites'). */
export type FormLeadKind = Exclude<LeadKind, 'favorites'>;

/**
 * One of a client's favorites as a lead keeps it (leads.favorites) and its mail
 * lists it: what the broker needs to recognise the home, and no link.
 */
export interface FavoriteSnapshot {
  id: number;
  name: string;
  town: string;
  region: string;
  /** The price range of its available units; null when none is available. */
  price: { min: number; max: number } | null;
}

// --- the request -------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path on this site: starts with one '/', no spaces, backslashes or control characters. */
const PAGE = /^\/(?!\/)[^\s\\]{0,499}$/;
const pattern = (name: string, re: RegExp, what: string): Struct<string, null> =>
  refine(string(), name, (v) => re.test(v) || `must be ${what}`);

const envelope = {
  kind: enums(LEAD_KINDS),
  /** Made by the browser once per form fill and sent again on a retry (crypto.randomUUID). */
  idempotency_key: pattern('idempotency_key', UUID, 'a UUID'),
  /** The path of the page the form was sent from. */
  page: pattern('page', PAGE, 'a path on this site, such as /contact'),
  partner: optional(PartnerSlug),
};

const projectId = min(integer(), 1);

export const LeadEnvelope = object({ kind: enums(LEAD_KINDS) });

/** The body of POST /api/leads for each kind: the envelope and the form's fields, nothing else. */
export const LEAD_BODIES = {
  contact: object({ ...envelope, kind: enums(['contact'] as const), ...ContactFields.schema }),
  broker: object({ ...envelope, kind: enums(['broker'] as const), ...BrokerFields.schema }),
  property: object({ ...envelope, kind: enums(['property'] as const), project_id: projectId, ...PropertyFields.schema }),
  /** Only from a logged-in client (401 otherwise): the name, email and favorites come from the account. */
  favorites: object({ ...envelope, kind: enums(['favorites'] as const), ...FavoritesFields.schema }),
};
export type ContactLeadBody = Infer<typeof LEAD_BODIES.contact>;
export type BrokerLeadBody = Infer<typeof LEAD_BODIES.broker>;
export type PropertyLeadBody = Infer<typeof LEAD_BODIES.property>;
type FavoritesLeadBody = Infer<typeof LEAD_BODIES.favorites>;
export type LeadBody = ContactLeadBody | BrokerLeadBody | PropertyLeadBody | FavoritesLeadBody;

/** 201 (stored now) or 200 (this idempotency key was stored before): the lead's id. */
export interface LeadCreated {
  data: { id: number };
}
