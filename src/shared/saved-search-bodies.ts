// The structs of the saved searches' API bodies (issue 13), apart from
// saved-searches.ts, which the browser loads on every search page: only the
// server checks these (issue 12).
import type { AnyStruct } from './any-struct.ts';
import { enums, integer, literal, object, optional, refine, string, type Infer } from 'superstruct';
import { Email, PartnerSlug, TOKEN_PATTERN } from './accounts.ts';
import { t } from './i18n.ts';
import { FREQUENCIES, MANAGE_ACTIONS, readSavedSearch, type ManageAction } from './saved-searches.ts';

const SearchAddress = refine(string(), 'search', (v) => readSavedSearch(v) !== null || t('savedSearches.errors.search'));
const FrequencyField = enums(FREQUENCIES);
const Token = refine(string(), 'token', (v) => TOKEN_PATTERN.test(v) || t('savedSearches.errors.link'));
const SearchId = refine(integer(), 'id', (v) => (v > 0 && v < 2 ** 31) || t('savedSearches.errors.id'));

/** POST /api/saved-searches from a visitor → 201 SaveAnswer (a confirmation mail is queued). */
export const SaveSearchBody = object({
  email: Email,
  search: SearchAddress,
  frequency: FrequencyField,
  partner: optional(PartnerSlug),
});
export type SaveSearchBody = Infer<typeof SaveSearchBody>;

/** The same from a logged-in client: the account's address is used, an email is ignored. */
export const ClientSaveSearchBody = object({
  email: optional(string()),
  search: SearchAddress,
  frequency: FrequencyField,
  partner: optional(PartnerSlug),
});

export const ManageEnvelope = object({ action: enums(MANAGE_ACTIONS) });

/**
 * POST /api/saved-searches/change → 200 SavedSearchList: with a mailed link's
 * token, or as a logged-in client (then without one).
 */
export const MANAGE_BODIES: Record<ManageAction, AnyStruct> = {
  frequency: object({ token: optional(Token), action: literal('frequency'), id: SearchId, frequency: FrequencyField }),
  delete: object({ token: optional(Token), action: literal('delete'), id: SearchId }),
  resume: object({ token: optional(Token), action: literal('resume'), id: SearchId }),
  'delete-all': object({ token: optional(Token), action: literal('delete-all') }),
};
/** GET /api/saved-searches/manage?token= (the manage page's read). */
export const ManageQuery = object({ token: Token });
