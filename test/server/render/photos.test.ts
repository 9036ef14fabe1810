// Prepared photos in the pages' markup (issue 21): once the photo job has
// made a picture's variants, cards and the gallery offer them as a <picture>
// with AVIF, WebP and JPEG srcsets and the layout's sizes, the photo's own
// width and height, its colour behind it, high priority on the property
// page's first picture and a results page's first card only; link previews
// get a JPEG of their width. A
// picture not prepared yet is the site's own address for it; one that failed
// to prepare is passed over for the next.
import t from 'tap';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../../helpers/app.ts';
import { stateOf } from '../../helpers/html.ts';
import { prepareEveryPicture } from '../../helpers/photos.ts';
import type { ProjectDetail } from '../../../src/shared/catalogue.ts';
import { photoSrcset, type PreparedPhoto } from '../../../src/shared/photos.ts';
import { PHOTO_SIZES } from '../../../src/client/lib/photo-sizes.ts';
import { loadCards } from '../../../src/server/services/catalogue/cards.ts';

/** A listed demo project with several photos. */
async function projectWithPhotos(app: FastifyInstance, from = 1): Promise<ProjectDetail> {
  for (let id = from; id < 150; id++) {
    const answer = await app.inject(`/api/property?id=${id}`);
    if (answer.statusCode === 200 && answer.json().data.images.length > 2) return answer.json().data;
  }
  throw new Error('no project with photos in the demo catalogue');
}

const pictures = (html: string) => html.match(/<picture>.*?<\/picture>/g) ?? [];
/** React writes `&` in attributes as `&amp;`. */
const attr = (value: string) => value.replace(/&/g, '&amp;');

t.test('prepared photos are offered as variants for the width shown', async (t) => {
  const app = await testApp(t);
  // The demo's pictures are the site's own files; a feed's are on other servers.
  const { id } = await projectWithPhotos(app);
  await app.store.db
    .updateTable('images')
    .set({ url: sql<string>`'https://photos.example/' || id || '.jpg'` })
    .where('project_id', '=', id)
    .execute();
  const photo: PreparedPhoto = await prepareEveryPicture(app);
  const project = await projectWithPhotos(app, id);

  t.test('the API carries each picture prepared', async (t) => {
    t.same(
      project.images.map((i) => i.photo),
      project.images.map(() => photo),
      'every picture of the project has its variants',
    );
  });

  t.test('the property page: a <picture> per slide, the first one first', async (t) => {
    const html = (await app.inject(`/for-sale/${project.id}`)).body;
    const slides = pictures(html).filter((p) => p.includes(`sizes="${attr(PHOTO_SIZES.gallery)}"`));
    t.equal(slides.length, project.images.length, 'one picture per slide, with the gallery sizes');
    const first = slides[0]!;
    t.ok(first.includes(`<source type="image/avif" srcSet="${photoSrcset(photo, 'avif')}"`), 'AVIF at every width');
    t.ok(first.includes(`<source type="image/webp" srcSet="${photoSrcset(photo, 'webp')}"`), 'WebP at every width');
    t.ok(first.includes(`srcSet="${photoSrcset(photo, 'jpeg')}"`), 'JPEG, in the <img> itself');
    t.match(first, new RegExp(`<img class="photo" src="/media/photos/${photo.key}-640\\.jpg"`), 'a JPEG for browsers without srcset');
    t.match(first, new RegExp(`width="${photo.width}" height="${photo.height}"`), "the photo's own proportions");
    t.equal(html.match(/fetchPriority="high"/g)?.length, 1, 'one picture of the page comes first');
    t.match(first, /fetchPriority="high"/, 'and it is the first slide');
    t.notMatch(first, /loading="lazy"/, 'which is not lazy');
    t.ok(
      slides.slice(1).every((s) => s.includes('loading="lazy"')),
      'the other slides are',
    );
    t.ok(html.includes(`<rect width="100%" height="100%" fill="${photo.colour}"></rect>`), 'its colour shows while it loads');
    t.notMatch(html, /(?:src|srcSet)="\/media\/images\//, 'no picture is asked for as the feed sent it');
    const thumbs = pictures(html).filter((p) => p.includes('sizes="96px"'));
    t.equal(thumbs.length, project.images.length, 'a thumbnail per slide, sized 96 px');
    t.ok(
      html.includes(`<meta property="og:image" content="http://localhost:3000/media/photos/${photo.key}-1280.jpg"/>`),
      'the link preview: a JPEG',
    );
    t.ok(html.includes('<meta property="og:image:width" content="1280"/><meta property="og:image:height" content="853"/>'), 'of its width');
  });

  t.test('the search page: each card a <picture> with the grid sizes', async (t) => {
    const html = (await app.inject('/search')).body;
    const cards = pictures(html);
    t.ok(cards.length >= 6, `${cards.length} cards`);
    t.ok(
      cards.every((c) => c.includes(`sizes="${attr(PHOTO_SIZES.searchGrid)}"`)),
      'sized for the results grid',
    );
    t.equal(html.match(/fetchPriority="high"/g)?.length, 1, 'one picture of the page comes first');
    t.match(cards[0], /fetchPriority="high"/, "the first card's: the largest paint of a phone's first screen");
    t.notMatch(cards[0], /loading="lazy"/, 'which is not lazy');
  });

  t.test('a picture not prepared yet is the site’s own address; one that failed is passed over', async (t) => {
    const db = app.store.db;
    const rows = await db
      .selectFrom('images')
      .select(['id', 'url'])
      .where('project_id', '=', project.id)
      .where('floorplan', '=', 0)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const [first, second, third] = rows;
    await db.updateTable('photos').set({ status: 'failed', key: null, reason: 'HTTP 404' }).where('url', '=', first!.url).execute();
    await db.deleteFrom('photos').where('url', '=', second!.url).execute();

    const detail: ProjectDetail = (await app.inject(`/api/property?id=${project.id}`)).json().data;
    t.equal(detail.images.length, project.images.length - 1, 'the failed picture is left out of the gallery');
    t.equal(detail.images[0]!.url, `/media/images/${second!.id}`, 'the next picture comes first');
    t.equal(detail.images[0]!.photo, null, 'not prepared yet');
    t.same(detail.images[1]!.photo, photo, 'the one after it is');
    t.equal(detail.images[1]!.url, `/media/images/${third!.id}`);

    const html = (await app.inject(`/for-sale/${project.id}`)).body;
    t.match(
      html,
      new RegExp(`<img src="/media/images/${second!.id}" [^>]*fetchPriority="high"`),
      'the first slide as the site passes it on',
    );

    const [card] = await loadCards(db, [project.id]);
    t.same(card!.images, [detail.images[0]], "the card's picture: the next one");
    const state = stateOf((await app.inject(`/for-sale/${project.id}`)).body);
    t.ok(JSON.stringify(state).includes(`/media/images/${second!.id}`), 'the page state agrees');
  });
});
