// Tracking fills the dataLayer only while optional cookies are allowed; before
// a choice or after a refusal an event is dropped, never queued.
import t from 'tap';
import { CONSENT_COOKIE, makeConsent, serialiseConsent, type ConsentPreferences } from '../../../src/shared/consent.ts';
import { pushEvent, track } from '../../../src/client/lib/tracking.ts';

const cookieFor = (prefs: ConsentPreferences) => `sid=x; ${CONSENT_COOKIE}=${serialiseConsent(makeConsent(prefs))}`;
const view = { event: 'view_item', id: 12, currency: 'EUR' };

t.test('nothing is pushed, and no dataLayer made, without consent to optional cookies', async (t) => {
  for (const [name, cookies] of [
    ['undecided', ''],
    ['declined all', cookieFor({ optional: false, functional: false })],
    ['functional only', cookieFor({ optional: false, functional: true })],
    ['a malformed cookie', `${CONSENT_COOKIE}=optional=1`],
  ] as const) {
    const target: { dataLayer?: unknown[] } = {};
    t.equal(pushEvent(target, cookies, view), false, `${name}: dropped`);
    t.equal(target.dataLayer, undefined, `${name}: no dataLayer`);
  }
});

t.test('with optional cookies allowed the event is pushed', async (t) => {
  const target: { dataLayer?: unknown[] } = {};
  t.equal(pushEvent(target, cookieFor({ optional: true, functional: false }), view), true);
  t.same(target.dataLayer, [view], 'the dataLayer is made on first use');
  const existing = { dataLayer: [{ event: 'gtm.js' }] as unknown[] };
  pushEvent(existing, cookieFor({ optional: true, functional: true }), view);
  t.same(existing.dataLayer, [{ event: 'gtm.js' }, view], 'an existing dataLayer is appended to');
});

t.test('events dropped before consent are not sent when consent comes', async (t) => {
  const target: { dataLayer?: unknown[] } = {};
  pushEvent(target, '', { event: 'early' });
  pushEvent(target, cookieFor({ optional: true, functional: true }), { event: 'late' });
  t.same(target.dataLayer, [{ event: 'late' }]);
});

t.test('a withdrawn consent stops tracking at once', async (t) => {
  const target: { dataLayer?: unknown[] } = {};
  pushEvent(target, cookieFor({ optional: true, functional: true }), { event: 'a' });
  pushEvent(target, cookieFor({ optional: false, functional: true }), { event: 'b' });
  t.same(target.dataLayer, [{ event: 'a' }]);
});

t.test('on the server track does nothing', async (t) => {
  t.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  t.equal(track(view), false);
});
