// Text rules of the operator's writes (partners, content pages), beside the
// forms' own (shared/lead-fields.ts): a value on one line, and the text of a URL.
import { refine, string } from 'superstruct';
import { CONTROL } from '../../shared/control-characters.ts';

/** Text on one line: no control characters (CR, LF, tab, …). */
export const OneLine = refine(string(), 'OneLine', (v) => !CONTROL.test(v));

/** Text a URL holds as it is (RFC 3986): no spaces or control characters, no " < > \ ^ ` { | }. */
export const UrlText = refine(string(), 'UrlText', (v) => !CONTROL.test(v) && !/[\s"<>\\^`{|}]/.test(v));
