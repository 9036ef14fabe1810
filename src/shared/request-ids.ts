// The ids that account and lead bodies carry, in a module of their own: a
// form the browser checks (account-bodies.ts, lead-fields.ts) loads these and
// none of catalogue.ts's or leads.ts's other structs, which the server alone
// uses (esbuild keeps every top-level struct of a module the browser imports).
import { integer, max, min, refine, string } from 'superstruct';
import { t } from './i18n.ts';

/** Ids are 32-bit in the store (PostgreSQL integer): a larger one names nothing, a 400 not a 500. */
export const ProjectId = min(max(integer(), 2_147_483_647), 1);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The partner's slug when the page is under /{partner}; the host decides first. */
export const PartnerSlug = refine(string(), 'partner', (v) => (v.length <= 60 && SLUG.test(v)) || t('errors.field.partner'));
