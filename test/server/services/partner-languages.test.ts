// A partner's languages (issue 24): which its site offers and which its
// domain's root serves, checked as every partner field is, on both stores.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import { InputError } from '../../../src/server/store/errors.ts';
import { LANGUAGES } from '../../../src/shared/languages.ts';

const fields = { name: 'Holland Huizen' };

forEachStore(t, "a partner's languages and root language", async (t, store) => {
  const partners = new PartnerService(store.db);

  const every = await partners.create({ ...fields, slug: 'every-language' });
  t.same(every.languages, LANGUAGES, 'every language unless it chooses');
  t.equal(every.root_language, 'en', 'English at the root');

  const dutch = await partners.create({ ...fields, slug: 'holland-huizen', languages: 'EN, nl  de', root: 'nl' });
  t.same(dutch.languages, ['en', 'de', 'nl'], "kept in the site's order, whatever the separators and case");
  t.equal(dutch.root_language, 'nl');
  t.same((await partners.bySlug('holland-huizen'))?.languages, ['en', 'de', 'nl'], 'as stored');

  const firstOffered = await partners.create({ ...fields, slug: 'no-english', languages: 'sv,da' });
  t.equal(firstOffered.root_language, 'da', 'without English and a root: the first it offers');

  await t.rejects(partners.create({ ...fields, slug: 'bad-code', languages: 'nl,xx' }), InputError, 'an unknown code');
  await t.rejects(partners.create({ ...fields, slug: 'bad-root', languages: 'nl,en', root: 'de' }), {
    field: 'root',
    message: /one of the languages the site offers \(en nl\)/,
  });
  await t.rejects(partners.create({ ...fields, slug: 'bad-root-2', root: 'xx' as never }), { field: 'root', message: /must be one of/ });

  t.equal((await partners.update('holland-huizen', { languages: 'de,nl,fr' })).root_language, 'nl', 'the root kept while offered');
  const moved = await partners.update('holland-huizen', { languages: 'fr,de' });
  t.equal(moved.root_language, 'de', 'the first offered once it is not');
  await t.rejects(partners.update('holland-huizen', { root: 'nl' }), { field: 'root', message: /\(de fr\)/ }, 'a root it does not offer');
  t.equal((await partners.update('holland-huizen', { languages: 'all', root: 'nl' })).root_language, 'nl');
  t.same((await partners.bySlug('holland-huizen'))?.languages, LANGUAGES, "'all': every language again");
  await t.rejects(partners.update('holland-huizen', { root: '' as never }), { field: 'root', message: /cannot be cleared/ });
});
