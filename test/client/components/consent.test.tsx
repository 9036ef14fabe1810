// The consent components render the same HTML for every visitor on the server
// (pages are cached publicly): no bar, no dialog, and a ConsentGate shows its
// placeholder. In the browser, after hydration, the gate shows its embed only
// when functional cookies are allowed.
import t from 'tap';
import { renderToString } from 'react-dom/server';
import { t as msg } from '../../../src/shared/i18n.ts';
import { makeConsent, preferencesFor, type Consent, type ConsentPreferences } from '../../../src/shared/consent.ts';
import { ConsentContext, ConsentProvider, type ConsentApi, type ConsentStore } from '../../../src/client/lib/consent.tsx';
import { ConsentGate, CookieConsent, CookieSettingsButton } from '../../../src/client/components/consent/index.ts';
import { CookieDialog } from '../../../src/client/components/consent/CookieDialog.tsx';

const embed = <iframe src="/video" title="A video of the project" />;

/** A store that says every visitor accepted everything: the server must not care. */
function acceptedStore(): ConsentStore {
  const consent = makeConsent(preferencesFor('accept-all'));
  return { read: () => consent, write() {}, subscribe: () => () => {} };
}

function api(ready: boolean, prefs: ConsentPreferences | null): ConsentApi {
  const consent: Consent | null = prefs ? makeConsent(prefs) : null;
  return {
    ready,
    consent,
    status: 'undecided',
    allowed: (c) => c === 'necessary' || (ready && !!consent?.[c as keyof ConsentPreferences]),
    choose: () => makeConsent(preferencesFor('accept-all')),
    save: (p) => makeConsent(p),
    settingsOpen: false,
    openSettings() {},
    closeSettings() {},
  };
}

const withApi = (value: ConsentApi, node: React.ReactNode) =>
  renderToString(<ConsentContext.Provider value={value}>{node}</ConsentContext.Provider>);

t.test('on the server the gate shows its placeholder, whatever is stored', async (t) => {
  const html = renderToString(
    <ConsentProvider store={acceptedStore()}>
      <ConsentGate className="video">{embed}</ConsentGate>
    </ConsentProvider>,
  );
  t.notMatch(html, /<iframe/, 'the embed is not in the HTML');
  t.match(html, msg('consent.blocked'), "'To see this, please enable functional cookies'");
  t.match(
    html,
    new RegExp(`<button type="button" class="consent-link consent-gate__here"[^>]*>${msg('consent.here')}</button>`),
    "a 'here' button",
  );
  t.match(html, /class="consent-gate video is-blocked"/, 'the given class sizes the placeholder');
  const described = /aria-describedby="([^"]+)"/.exec(html)?.[1];
  t.ok(described && html.includes(`id="${described}"`), "'here' is described by the message, for screen readers");
});

t.test('after hydration the gate follows the functional choice', async (t) => {
  t.match(
    withApi(api(true, { optional: false, functional: true }), <ConsentGate>{embed}</ConsentGate>),
    /<div class="consent-gate is-allowed"><iframe src="\/video"/,
    'functional on: the embed',
  );
  t.match(withApi(api(true, preferencesFor('accept-all')), <ConsentGate>{embed}</ConsentGate>), /<iframe/, 'accepted all: the embed');
  for (const [name, value] of [
    ['undecided', api(true, null)],
    ['optional only', api(true, { optional: true, functional: false })],
    ['declined', api(true, preferencesFor('decline-all'))],
    ['not known yet (hydrating)', api(false, preferencesFor('accept-all'))],
  ] as const) {
    const html = withApi(value, <ConsentGate>{embed}</ConsentGate>);
    t.notMatch(html, /<iframe/, `${name}: no embed`);
    t.match(html, msg('consent.blocked'), `${name}: the placeholder`);
  }
});

t.test('the bar and the dialog render nothing on the server', async (t) => {
  const undecided: ConsentStore = { read: () => null, write() {}, subscribe: () => () => {} };
  t.equal(
    renderToString(
      <ConsentProvider store={undecided}>
        <CookieConsent />
      </ConsentProvider>,
    ),
    '',
    'undecided: still nothing on the server',
  );
  t.equal(
    renderToString(
      <ConsentProvider store={acceptedStore()}>
        <CookieConsent />
      </ConsentProvider>,
    ),
    '',
  );
  t.equal(
    withApi({ ...api(true, null), settingsOpen: true }, <CookieConsent />).includes('cookie-bar'),
    true,
    'self-check: in the browser, undecided shows the bar',
  );
  // The dialog's code comes on first opening (CookieModal's lazy import): rendered here directly.
  t.match(
    withApi({ ...api(true, null), settingsOpen: true }, <CookieDialog />),
    /<dialog class="cookie-modal"/,
    'and an open settings dialog',
  );
});

t.test("the footer's button is the same for everyone", async (t) => {
  t.equal(
    renderToString(
      <ConsentProvider store={acceptedStore()}>
        <CookieSettingsButton />
      </ConsentProvider>,
    ),
    `<button type="button" class="consent-link" aria-haspopup="dialog">${msg('consent.title')}</button>`,
  );
});
