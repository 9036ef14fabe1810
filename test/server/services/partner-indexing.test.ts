// listing_indexing (migration 0006): how a partner's copies of the listings are
// indexed. 'canonical' by default, for new partners and for those that existed
// before the migration; set and changed through the service, checked like
// every other field.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import { InputError } from '../../../src/server/store/errors.ts';
import { DEFAULT_LISTING_INDEXING } from '../../../src/shared/partner.ts';

forEachStore(
  t,
  'listing_indexing: a default, set on create and update, refused when invalid',
  async (t, store) => {
    const partners = new PartnerService(store.db);
    t.equal(DEFAULT_LISTING_INDEXING, 'canonical');
    t.equal((await partners.bySlug('costa-casas'))?.listing_indexing, 'canonical', 'a partner stored without it has the default');
    t.equal((await partners.create({ slug: 'plain', name: 'Plain' })).listing_indexing, 'canonical', 'a new partner: the default');
    const hidden = await partners.create({ slug: 'hidden', name: 'Hidden', indexing: ' NoIndex ' } as never);
    t.equal(hidden.listing_indexing, 'noindex', 'given on create (trimmed, any case)');
    t.equal((await partners.bySlug('hidden'))?.listing_indexing, 'noindex', 'stored');

    const before = (await partners.bySlug('costa-casas'))!;
    const after = await partners.update('costa-casas', { indexing: 'noindex' });
    t.same(after, { ...before, listing_indexing: 'noindex' }, 'update changes only it');
    t.equal((await partners.update('costa-casas', { indexing: 'canonical' })).listing_indexing, 'canonical', 'and back');

    const refused = async (write: Promise<unknown>, message: RegExp) => {
      const error = await write.then(
        () => null,
        (e: unknown) => e,
      );
      t.type(error, InputError);
      t.match(error, { field: 'indexing', message });
    };
    await refused(
      partners.create({ slug: 'bad', name: 'Bad', indexing: 'index' } as never),
      /must be canonical or noindex \(got "index"\)/,
    );
    await refused(partners.update('costa-casas', { indexing: 'none' } as never), /must be canonical or noindex/);
    await refused(partners.update('costa-casas', { indexing: '' } as never), /cannot be cleared/);
    await refused(partners.update('costa-casas', { indexing: null } as never), /cannot be cleared/);
    t.equal(await partners.bySlug('bad'), null, 'nothing refused was stored');
    t.equal((await partners.bySlug('costa-casas'))?.listing_indexing, 'canonical');

    // The database refuses other values too, whoever writes.
    const direct = await store.db
      .updateTable('partners')
      .set({ listing_indexing: 'sometimes' as never })
      .where('slug', '=', 'plain')
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    t.ok(direct instanceof Error, 'a CHECK constraint');
  },
  { seed: true },
);
