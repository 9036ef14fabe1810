// What checks a form in the browser before it is sent: the shared structs and
// superstruct with them. Loaded when a form is first typed in or sent
// (Form.tsx's useForm, the save-search form), not with the page (issue 12):
// the server renders every form, which posts without JavaScript.
import { is } from 'superstruct';
import type { AnyStruct } from '../../../shared/any-struct.ts';
import { Email } from '../../../shared/account-bodies.ts';
import { BrokerFields, ContactFields, PropertyFields } from '../../../shared/lead-fields.ts';
import type { FormLeadKind } from '../../../shared/leads.ts';

export { cleanFields, fieldErrors } from '../../../shared/lead-fields.ts';

/** The fields' struct of each lead form, the one POST /api/leads checks them with. */
export const LEAD_FIELDS: Record<FormLeadKind, AnyStruct> = { contact: ContactFields, broker: BrokerFields, property: PropertyFields };

/** An address the lead forms and the server take. */
export const isEmail = (value: string): boolean => is(value, Email);
