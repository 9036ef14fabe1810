// t() fills a message's {placeholders} from its vars (each text cut once, then
// joined per call): every placeholder, repeated calls with other vars, a
// placeholder without a var left as written, a message without any as it is.
// writeIn() writes in a given language (a mail's) for as long as its work runs.
import t from 'tap';
import { addMessages, currentLanguage, t as translate, tList, tp, writeIn } from '../../src/shared/i18n.ts';
import { formatPrice } from '../../src/shared/format.ts';
import de from '../../locales/de.json' with { type: 'json' };
import nl from '../../locales/nl.json' with { type: 'json' };

t.test('placeholders are filled from the vars of each call', async (t) => {
  t.equal(translate('leadMail.subject.property', { project: 'Mar Azul', site: 'Costa' }), 'Property request: Mar Azul — Costa');
  t.equal(translate('leadMail.subject.property', { project: 'Sol', site: 'Playa' }), 'Property request: Sol — Playa', 'again, its own');
  t.equal(translate('leadMail.subject.property', { project: 'Sol' }), 'Property request: Sol — {site}', 'a missing var stays');
  t.equal(translate('leadMail.subject.property', { project: 0, site: '{project}' }), 'Property request: 0 — {project}', 'values as given');
  t.equal(translate('leadMail.subject.property'), 'Property request: {project} — {site}', 'without vars, the text');
  t.equal(translate('leadMail.subject.contact', { name: 'x', site: 'Costa' }), 'Contact request — Costa', 'an unused var ignored');
  t.equal(translate('partnerBrand.brokerNearTitle', { name: 'x' }), 'Your broker close to home', 'a text without placeholders');
  t.same(
    tList('partnerBrand.brokerNear', { name: 'Ana' }).map((s) => s.match(/Ana|\{name\}/g)),
    [['Ana', 'Ana'], ['Ana']],
    "a list's strings too, every placeholder of each",
  );
});

t.test("a message that depends on a number takes the form of the language's plural category", async (t) => {
  t.equal(tp('property.history.bedrooms', 1), '1 bedroom', 'one');
  t.equal(tp('property.history.bedrooms', 2), '2 bedrooms', 'other');
  t.equal(tp('property.history.bedrooms', 0), '0 bedrooms', 'zero is "other" in English');
  t.equal(tp('search.count', 1234, { count: '1.234' }), '1.234 developments', 'the number as the vars write it');
  t.equal(tp('account.errors.rateLimited', 1, { seconds: 1 }), 'Too many attempts: please try again in 1 second.', 'its own placeholder');
});

t.test('writeIn: t(), formats and currentLanguage() in the given language while its work runs, then as before', async (t) => {
  addMessages(de, 'de');
  addMessages(nl, 'nl');
  t.equal(currentLanguage(), 'en');
  t.equal(
    writeIn('de', () => `${translate('account.mail.resetSubject')} ${formatPrice(245000)} ${currentLanguage()}`),
    'Passwort zurücksetzen 245.000\u00a0€ de',
  );
  t.equal(translate('account.mail.resetSubject'), 'Reset your password', 'English again after it');
  t.equal(
    writeIn('nl', () =>
      [
        translate('favoriteAlerts.mail.view'),
        writeIn('de', () => translate('favoriteAlerts.mail.view')),
        translate('favoriteAlerts.mail.view'),
      ].join(' | '),
    ),
    'Bekijk het project | Projekt ansehen | Bekijk het project',
    'nested: the inner one, then the outer one again',
  );
  t.throws(
    () => writeIn('de', async () => translate('account.mail.resetSubject')),
    /synchronous work only/,
    'asynchronous work is refused: after an await its strings would be in another language',
  );
  t.throws(
    () =>
      writeIn('de', () => {
        throw new Error('failed');
      }),
    /failed/,
  );
  t.equal(currentLanguage(), 'en', 'a failure leaves the language as it was');
});
