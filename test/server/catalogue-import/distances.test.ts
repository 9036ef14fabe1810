// Distances computed at import (issue 23): each development's straight-line
// distance to the coast and its nearest airport, from its lead unit's
// position, stored on both stores; none without a position; changed when the
// position changes.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { chunks, feed, property } from './feeds.ts';

forEachStore(t, 'a beach-front, an inland and an unplaced development', async (t, store) => {
  const xml = feed(
    property({ id: 'A1', dev: 'D1', lat: 37.9787, lng: -0.6822 }),
    property({ id: 'B1', dev: 'D2', lat: 38.0849, lng: -0.944 }),
    property({ id: 'C1', dev: 'D3' }),
  );
  await importFeed(store, chunks(xml), { source: 'crm', now: new Date('2026-11-01T12:00:00Z') });
  const rows = async () =>
    Object.fromEntries(
      (await store.db.selectFrom('projects').select(['ref', 'beach_km', 'airport', 'airport_km']).orderBy('ref').execute()).map((r) => [
        r.ref,
        {
          beach_km: r.beach_km === null ? null : Number(r.beach_km),
          airport: r.airport,
          airport_km: r.airport_km === null ? null : Number(r.airport_km),
        },
      ]),
    );
  const first = await rows();
  t.ok(first.D1!.beach_km! <= 1, `Torrevieja by the sea: ${first.D1!.beach_km} km`);
  t.equal(first.D1!.airport, 'ALC');
  t.ok(first.D2!.beach_km! > 20 && first.D2!.beach_km! < 30, `Orihuela inland: ${first.D2!.beach_km} km`);
  t.equal(first.D2!.airport, 'RMU');
  t.same(first.D3, { beach_km: null, airport: null, airport_km: null }, 'no position, no distances');
  const centres = Object.fromEntries(
    (await store.db.selectFrom('projects').select(['ref', 'centre_km']).execute()).map((r) => [
      r.ref,
      r.centre_km === null ? null : Number(r.centre_km),
    ]),
  );
  t.ok(centres.D1 !== null && centres.D1! < 0.5, `Torrevieja's centre: ${centres.D1} km`);

  const moved = feed(
    property({ id: 'A1', dev: 'D1', lat: 38.0849, lng: -0.944 }),
    property({ id: 'B1', dev: 'D2', lat: 38.0849, lng: -0.944 }),
    property({ id: 'C1', dev: 'D3' }),
  );
  await importFeed(store, chunks(moved), { source: 'crm', now: new Date('2026-11-02T12:00:00Z') });
  t.same((await rows()).D1, first.D2, 'a development that moves gets its new distances');
});

forEachStore(t, 'a position given coarsely, or shared with another development, is approximate', async (t, store) => {
  const xml = feed(
    property({ id: 'A1', dev: 'D1', lat: 37.9787, lng: -0.6822 }),
    property({ id: 'B1', dev: 'D2', lat: 37.98, lng: -0.68 }),
    property({ id: 'C1', dev: 'D3', lat: 38.5411, lng: -0.1225 }),
    property({ id: 'C2', dev: 'D4', lat: 38.5411, lng: -0.1225 }),
    property({ id: 'E1', dev: 'D5' }),
  );
  await importFeed(store, chunks(xml), { source: 'crm', now: new Date('2026-11-01T12:00:00Z') });
  const rows = await store.db.selectFrom('projects').select(['ref', 'position_approx']).orderBy('ref').execute();
  t.same(
    Object.fromEntries(rows.map((r) => [r.ref, Number(r.position_approx)])),
    { D1: 0, D2: 1, D3: 1, D4: 1, D5: 1 },
    'D2 coarse; D3 and D4 at one point; D5 at its town’s',
  );
});
