// A client who changes their email on the profile takes their saved searches
// with them: the searches listed on the profile are the address's, and alerts
// must not go on to a mailbox the client left. The old address's links (manage,
// unsubscribe, confirm) stop working, as the reset links do on that change.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';

/** Moves the searches of `from` to `to` (both normalised), in the profile change's transaction. */
export async function moveSavedSearches(trx: Kysely<Database>, from: string, to: string): Promise<void> {
  const old = await trx.selectFrom('saved_search_addresses').selectAll().where('email', '=', from).executeTakeFirst();
  if (!old) return;
  const target = await trx.selectFrom('saved_search_addresses').selectAll().where('email', '=', to).executeTakeFirst();
  if (!target) {
    await trx.deleteFrom('saved_search_tokens').where('address_id', '=', old.id).execute();
    await trx.updateTable('saved_search_addresses').set({ email: to }).where('id', '=', old.id).execute();
    return;
  }
  // The new address may hold the same search (saved there before): it keeps its own. Pending
  // searches stay behind: their confirmation link went to the old mailbox.
  const moved = await trx
    .updateTable('saved_searches as s')
    .set({ address_id: target.id })
    .where('s.address_id', '=', old.id)
    .where('s.status', '!=', 'pending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('saved_searches as kept')
            .select('kept.id')
            .where('kept.address_id', '=', target.id)
            .whereRef('kept.search', '=', 's.search')
            .where((eb) => eb(eb.fn.coalesce('kept.partner_id', eb.val(0)), '=', eb.fn.coalesce('s.partner_id', eb.val(0)))),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) > 0)
    await trx
      .updateTable('saved_search_addresses')
      .set({ confirmed_at: target.confirmed_at ?? old.confirmed_at, emptied_at: null })
      .where('id', '=', target.id)
      .execute();
  // What is left of the old address (its links, pending and duplicate searches) goes with it.
  await trx.deleteFrom('saved_search_addresses').where('id', '=', old.id).execute();
}
