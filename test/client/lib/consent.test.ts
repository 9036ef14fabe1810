// The consent model and its cookie (src/shared/consent.ts) and the browser's
// cookie store (src/client/lib/consent.tsx), without a browser.
import t from 'tap';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_VERSION,
  consentCookie,
  consentFromCookies,
  consentStatus,
  isAllowed,
  makeConsent,
  parseConsent,
  preferencesFor,
  readCookie,
  serialiseConsent,
} from '../../../src/shared/consent.ts';
import { CONSENT_MAX_AGE_DAYS } from '../../../src/shared/constants.ts';
import { cookieConsentStore } from '../../../src/client/lib/consent.tsx';

const NOW = Date.UTC(2026, 0, 15, 12);
const DAY = 24 * 60 * 60;
const nowSeconds = NOW / 1000;

t.test('a choice survives the cookie format', async (t) => {
  for (const prefs of [
    preferencesFor('accept-all'),
    preferencesFor('decline-all'),
    { optional: true, functional: false },
    { optional: false, functional: true },
  ]) {
    const consent = makeConsent(prefs, NOW);
    t.same(parseConsent(serialiseConsent(consent), NOW), consent, JSON.stringify(prefs));
  }
  t.equal(
    serialiseConsent(makeConsent({ optional: true, functional: false }, NOW)),
    `v=${CONSENT_VERSION}&optional=1&functional=0&at=${nowSeconds}`,
    'a readable, cookie-safe value',
  );
  t.notMatch(serialiseConsent(makeConsent(preferencesFor('accept-all'), NOW)), /[\s;,"\\]/, 'nothing a cookie value may not hold');
});

t.test('anything but a current, well-formed choice reads as undecided', async (t) => {
  const at = nowSeconds - DAY;
  const cases: Record<string, string | null | undefined> = {
    absent: undefined,
    null: null,
    empty: '',
    garbage: '%%%;;;',
    'another version': `v=${CONSENT_VERSION + 1}&optional=1&functional=1&at=${at}`,
    'no version': `optional=1&functional=1&at=${at}`,
    'a flag that is not 0 or 1': `v=1&optional=yes&functional=1&at=${at}`,
    'a missing flag': `v=1&optional=1&at=${at}`,
    'no date': 'v=1&optional=1&functional=1',
    'a date that is not a number': 'v=1&optional=1&functional=1&at=soon',
    'a negative date': `v=1&optional=1&functional=1&at=-${at}`,
    'a date in the future': `v=1&optional=1&functional=1&at=${nowSeconds + 2 * DAY}`,
    'older than a year': `v=1&optional=1&functional=1&at=${nowSeconds - CONSENT_MAX_AGE_SECONDS - 60}`,
  };
  for (const [name, value] of Object.entries(cases)) t.equal(parseConsent(value, NOW), null, name);
  t.ok(
    parseConsent(`v=1&optional=1&functional=1&at=${nowSeconds - (CONSENT_MAX_AGE_DAYS - 1) * DAY}`, NOW),
    'a choice made 364 days ago still counts',
  );
  t.ok(parseConsent(`v=1&optional=1&functional=1&at=${nowSeconds + 60}`, NOW), 'a clock a minute behind the writer is tolerated');
});

t.test('the states of SPEC §4 and what each allows', async (t) => {
  t.equal(consentStatus(null), 'undecided');
  t.equal(consentStatus(preferencesFor('accept-all')), 'accepted-all');
  t.equal(consentStatus(preferencesFor('decline-all')), 'declined-all');
  t.equal(consentStatus(preferencesFor('necessary-only')), 'declined-all', 'necessary only refuses the same as decline all');
  t.equal(consentStatus({ optional: true, functional: false }), 'partial');
  t.equal(consentStatus({ optional: false, functional: true }), 'partial');

  t.ok(isAllowed(null, 'necessary'), 'necessary is always allowed, even undecided');
  t.notOk(isAllowed(null, 'optional'), 'undecided allows nothing else');
  t.notOk(isAllowed(undefined, 'functional'));
  const partial = { optional: false, functional: true };
  t.notOk(isAllowed(partial, 'optional'));
  t.ok(isAllowed(partial, 'functional'));
  t.ok(isAllowed(preferencesFor('accept-all'), 'optional'));
});

t.test('the cookie: first party, whole site, a year, SameSite=Lax, Secure over https', async (t) => {
  const consent = makeConsent({ optional: false, functional: true }, NOW);
  t.equal(
    consentCookie(consent, { secure: false }),
    `${CONSENT_COOKIE}=${serialiseConsent(consent)}; Max-Age=${365 * DAY}; Path=/; SameSite=Lax`,
  );
  t.equal(
    consentCookie(consent, { secure: true }),
    `${CONSENT_COOKIE}=${serialiseConsent(consent)}; Max-Age=${365 * DAY}; Path=/; SameSite=Lax; Secure`,
  );
  t.notMatch(consentCookie(consent, { secure: true }), /Domain=|HttpOnly/i, 'no Domain (this host only); readable by the page');
});

t.test('reading the cookie out of a Cookie header or document.cookie', async (t) => {
  const value = serialiseConsent(makeConsent(preferencesFor('accept-all'), NOW));
  const header = `sid=abc; ${CONSENT_COOKIE}=${value};other=1; x_${CONSENT_COOKIE}=v=1`;
  t.equal(readCookie(header, CONSENT_COOKIE), value, 'the value keeps its = signs');
  t.equal(readCookie(header, 'sid'), 'abc');
  t.equal(readCookie(header, 'missing'), null);
  t.equal(readCookie('', CONSENT_COOKIE), null);
  t.match(consentFromCookies(header, NOW), { optional: true, functional: true });
  t.equal(consentFromCookies(`x_${CONSENT_COOKIE}=${value}`, NOW), null, 'only the exact name counts');
});

/** A document whose cookie jar behaves like a browser's for one path, or refuses every cookie. */
function fakeBrowser(protocol: string, { refuse = false } = {}) {
  const jar = new Map<string, string>();
  const written: string[] = [];
  const doc = {
    visibilityState: 'visible',
    addEventListener() {},
    removeEventListener() {},
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      if (refuse) return;
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    },
  };
  const g = globalThis as Record<string, unknown>;
  const saved = { document: g.document, window: g.window };
  g.document = doc;
  g.window = { location: { protocol } };
  return {
    written,
    restore() {
      g.document = saved.document;
      g.window = saved.window;
    },
  };
}

t.test('the browser store writes the cookie, Secure on https, and reads it back', async (t) => {
  const browser = fakeBrowser('https:');
  t.teardown(() => browser.restore());
  const store = cookieConsentStore();
  let notified = 0;
  store.subscribe(() => notified++);
  t.equal(store.read(), null, 'undecided at first');
  t.equal(store.read(), store.read(), 'a stable snapshot');

  const consent = makeConsent({ optional: true, functional: false });
  store.write(consent);
  t.equal(notified, 1, 'listeners hear of the change');
  t.match(browser.written[0], /; Secure$/, 'Secure over https');
  t.match(browser.written[0], new RegExp(`^${CONSENT_COOKIE}=v=1&optional=1&functional=0&at=\\d+; Max-Age=31536000; Path=/; SameSite=Lax`));
  t.same(store.read(), consent, 'the cookie reads back as the choice');
  t.equal(store.read(), store.read(), 'the same object while the cookie is unchanged');
});

t.test('over plain http the cookie is not Secure', async (t) => {
  const browser = fakeBrowser('http:');
  t.teardown(() => browser.restore());
  cookieConsentStore().write(makeConsent(preferencesFor('decline-all')));
  t.notMatch(browser.written[0], /Secure/);
});

t.test('a browser that refuses cookies still gets an answer for this visit', async (t) => {
  const browser = fakeBrowser('https:', { refuse: true });
  t.teardown(() => browser.restore());
  const store = cookieConsentStore();
  const consent = makeConsent(preferencesFor('decline-all'));
  store.write(consent);
  t.same(store.read(), consent, 'the bar does not stay after a click');
});
