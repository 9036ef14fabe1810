// Where a visitor may be sent back to after logging in (SPEC §5): a local path
// of letters, digits and @ - % _ ~ / only. Also refused: anything a browser
// would read as another origin — `//host`, and (after decoding) `/\host` or an
// encoded `//` — since the redirect must never leave the site.
const ALLOWED = /^\/[A-Za-z0-9@\-%_~/]*$/;

export function isSafeReturnPath(path: unknown): path is string {
  if (typeof path !== 'string' || path.length > 2048) return false;
  if (!ALLOWED.test(path)) return false;
  let decoded = path;
  // Decode repeatedly: `%252F%252F` is `//` to a server that decodes twice.
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (/^[/\\]{2}/.test(decoded) || /^\/[\\\t\n\r ]/.test(decoded)) return false;
  // eslint-disable-next-line no-control-regex -- a backslash or a C0 control character ends the check
  if (/[\\\u0000-\u001f]/.test(decoded)) return false;
  return true;
}

/** The main site's login page; /old's and each partner's are their own `client-login`. */
export const LOGIN_PATH = '/login';
export const RETURN_PARAM = 'redirect';

/** The login page at `login`, coming back to `path` afterwards when it may be returned to. */
export function loginRedirect(path: string, login: string = LOGIN_PATH): string {
  return isSafeReturnPath(path) ? `${login}?${RETURN_PARAM}=${encodeURIComponent(path)}` : login;
}
