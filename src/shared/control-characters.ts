// The control characters a form field or a mail header must not carry, named
// once for the forms' structs (shared) and the mails (server).
/* eslint-disable no-control-regex -- matching control characters is what these are for */

/** Control characters: C0 (CR, LF, tab, NUL…), DEL, C1, and the Unicode line and paragraph separators. */
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** In a message: the same, except line breaks and tabs. */
export const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/* eslint-enable no-control-regex */

/** `pattern` matching everywhere (for `replace`), runs of it with `runs`. */
export function everywhere(pattern: RegExp, runs = false): RegExp {
  return new RegExp(runs ? `${pattern.source}+` : pattern.source, 'g');
}
