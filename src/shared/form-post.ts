// The lead forms sent without JavaScript (issue 10): a page with a lead form
// answers a POST of the form to its own address (src/server/render/form-post.ts),
// and the page it renders carries what was sent back in its initial state, so
// the form shows the thanks or the errors and hydrates to the same markup.
import type { PageName } from './routes.ts';
import type { FormLeadKind } from './leads.ts';

/** The pages that hold a lead form, and its kind. */
export const FORM_PAGES: Partial<Record<PageName, FormLeadKind>> = {
  contact: 'contact',
  broker: 'broker',
  'for-sale': 'property',
};

/** The hidden field a server-rendered form carries its idempotency key in. */
export const FORM_KEY_FIELD = 'idempotency_key';

/** How a form sent without JavaScript went. */
type PostedResult = 'sent' | 'invalid' | 'limited' | 'busy';

export interface PostedForm {
  kind: FormLeadKind;
  /** The property form's project. */
  projectId?: number;
  result: PostedResult;
  /** What was typed, as typed (empty after a success: the form is ready for a new request). */
  values: Record<string, string>;
  /** The message under each wrong field (result 'invalid'). */
  errors: Record<string, string>;
}

/** Part of the initial state of every page. */
export interface FormPageState {
  /** The idempotency key of the page's lead form, made per render by the server. */
  key: string;
  /** The form this page answers, when it answers a POST. */
  posted: PostedForm | null;
}
