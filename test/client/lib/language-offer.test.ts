// Which language the note offers (lib/language-offer.ts): the visitor's
// choice on a page in another language; without one, the browser's preferred
// language the site has, once; nothing when the page is in it already.
import t from 'tap';
import { languageToOffer, preferredLanguage } from '../../../src/client/lib/language-offer.ts';

t.test("the browser's preferred language: the first the site has, by its base", async (t) => {
  t.equal(preferredLanguage(['de-AT', 'en']), 'de');
  t.equal(preferredLanguage(['eu-ES', 'ca', 'es-ES']), 'es', 'Basque and Catalan are not offered: Spanish is');
  t.equal(preferredLanguage(['nb-NO']), 'no', 'Bokmål is Norwegian');
  t.equal(preferredLanguage(['nn']), 'no', 'and Nynorsk');
  t.equal(preferredLanguage(['PT-br']), 'pt');
  t.equal(preferredLanguage(['zh-CN', 'ko']), null, 'none the site has');
  t.equal(preferredLanguage([]), null);
});

t.test('what to offer', async (t) => {
  t.equal(languageToOffer('en', null, false, ['de-DE', 'en']), 'de', "a first visit: the browser's language");
  t.equal(languageToOffer('en', null, true, ['de-DE']), null, 'once only');
  t.equal(languageToOffer('de', null, false, ['de-DE']), null, 'the page is in it already');
  t.equal(languageToOffer('de', null, false, ['en-GB', 'de']), 'en', "the browser's first language, not any it accepts");
  t.equal(languageToOffer('en', 'nl', true, ['de-DE']), 'nl', 'a choice comes before the browser, offered or not');
  t.equal(languageToOffer('nl', 'nl', false, ['de-DE']), null, 'the page is in the chosen language');
  t.equal(languageToOffer('en', 'xx', false, ['fr']), 'fr', 'a stored value that is no language is no choice');
});

t.test("on a partner's site, only the languages it offers", async (t) => {
  const site = ['en', 'nl'] as const;
  t.equal(languageToOffer('nl', null, false, ['de-DE', 'en-GB'], site), 'en', "the browser's first language the site offers");
  t.equal(languageToOffer('nl', null, false, ['de-DE', 'fr'], site), null, 'none it offers: nothing');
  t.equal(languageToOffer('nl', 'de', false, ['en'], site), 'en', 'a choice it does not offer is passed over for the browser');
  t.equal(languageToOffer('nl', 'en', true, ['de'], site), 'en', 'a choice it offers');
});
