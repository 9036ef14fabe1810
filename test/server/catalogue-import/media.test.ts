// A feed's videos and virtual tours (issue 23): <video_url> and
// <virtual_tour_url>, plain or one per language, web addresses only, kept
// for each development from its lead unit, on both stores; changed or gone
// when the feed changes them.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { chunks, feed, property } from './feeds.ts';

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const TOUR_EN = 'https://my.matterport.com/show/?m=abcdefghijk';
const TOUR_ES = 'https://my.matterport.com/show/?m=zyxwvutsrqp';

const stored = async (store: Parameters<Parameters<typeof forEachStore>[2]>[1]) =>
  Object.fromEntries(
    (await store.db.selectFrom('projects').select(['ref', 'media']).orderBy('ref').execute()).map((r) => [
      r.ref,
      JSON.parse(r.media) as unknown,
    ]),
  );

forEachStore(t, "a development's videos and tours, from its lead unit", async (t, store) => {
  const xml = feed(
    property({
      id: 'A1',
      dev: 'D1',
      extra:
        `<video_url>${VIDEO}</video_url>` +
        `<virtual_tour_url><en>${TOUR_EN}</en><es>${TOUR_ES}</es></virtual_tour_url>` +
        '<video_url>ftp://files.example/tour.mp4</video_url><video_url>javascript:alert(1)</video_url>' +
        `<video_url> ${VIDEO} </video_url>`,
    }),
    property({ id: 'A2', dev: 'D1', extra: '<video_url>https://vimeo.com/76979871</video_url>' }),
    property({ id: 'B1', dev: 'D2', extra: '<virtual_tour_url>https://tours.example.com/360/b1</virtual_tour_url>' }),
    property({ id: 'C1', dev: 'D3' }),
  );
  await importFeed(store, chunks(xml), { source: 'crm', now: new Date('2026-11-01T12:00:00Z') });
  t.same(await stored(store), {
    D1: [
      { kind: 'video', url: VIDEO, lang: null },
      { kind: 'tour', url: TOUR_EN, lang: 'en' },
      { kind: 'tour', url: TOUR_ES, lang: 'es' },
    ],
    D2: [{ kind: 'tour', url: 'https://tours.example.com/360/b1', lang: null }],
    D3: [],
  });

  // The feed drops D1's video and D2's tour: gone from the development too.
  const next = feed(
    property({ id: 'A1', dev: 'D1', extra: `<virtual_tour_url>${TOUR_EN}</virtual_tour_url>` }),
    property({ id: 'A2', dev: 'D1' }),
    property({ id: 'B1', dev: 'D2' }),
    property({ id: 'C1', dev: 'D3' }),
  );
  await importFeed(store, chunks(next), { source: 'crm', now: new Date('2026-11-02T12:00:00Z') });
  const after = await stored(store);
  t.same(after.D1, [{ kind: 'tour', url: TOUR_EN, lang: null }]);
  t.same(after.D2, []);
});
