// The HTML as sent conforms to the HTML standard (html-validate's `standard`
// preset: nesting, attributes, ids, required parts) on a page of each kind in
// every language (issue 24, "Tests"): a translation must not break the markup
// (an unescaped quote, a duplicate id, a label without its field). The rules
// on style or preference (`recommended`) are not asked for: React writes
// `<meta/>` and `charSet`, and the pages' accessibility is axe's in the browser
// (test/e2e/accessibility*.e2e.test.ts).
import t from 'tap';
import { HtmlValidate } from 'html-validate';
import { testApp } from '../../helpers/app.ts';
import { LANGUAGES, inLanguage } from '../../../src/shared/languages.ts';

const PAGES = ['/', '/search/spain/alicante', '/for-sale/1', '/contact', '/buying-process', '/languages?from=%2Fcontact'];

t.test('every kind of page in every language is valid HTML', async (t) => {
  const app = await testApp(t);
  const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
  for (const language of LANGUAGES)
    for (const path of PAGES) {
      const url = inLanguage(path, language);
      const res = await app.inject({ url });
      t.equal(res.statusCode, 200, url);
      const report = await validator.validateString(res.body, url);
      const problems = report.results.flatMap((r) =>
        r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `line ${m.line}`})`),
      );
      t.same(problems, [], `${url}: valid`);
    }
  // A partner's page on its own domain, in a language of its own.
  const partner = await app.inject({ url: '/de', headers: { host: 'costa-casas.localhost' } });
  t.same((await validator.validateString(partner.body)).valid, true, "a partner's home on its domain, in German");
});
