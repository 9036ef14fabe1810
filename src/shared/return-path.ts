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
  if (/[\\\u0000-\u001f]/.test(decoded)) return false;
  return true;
}

export const LOGIN_PATH = '/login';
export const RETURN_PARAM = 'redirect';

export function loginRedirect(path: string): string {
  return isSafeReturnPath(path) ? `${LOGIN_PATH}?${RETURN_PARAM}=${encodeURIComponent(path)}` : LOGIN_PATH;
}
