// A property page's videos and virtual tours (issue 23) as the server sends
// them, on the demo (a few developments carry a Matterport tour): the
// gallery's slide after the pictures with SPEC §4's message and its 'here'
// button in the player's place, no frame (the server never knows the visitor's
// choice: pages are cached for everyone), a thumbnail for it, and a link to
// the tour on the provider's site under the gallery; none of it for a
// development without any.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import type { PropertyAnswer, SearchAnswer } from '../../../src/shared/catalogue.ts';
import en from '../../../locales/en.json' with { type: 'json' };

t.test('a tour: the message in its place, the provider named, nothing framed', async (t) => {
  const app = await testApp(t);
  const ids = ((await app.inject('/api/properties?account_id=1&per_page=40')).json() as SearchAnswer).data.map((p) => p.id);
  const details = await Promise.all(
    ids.map(async (id) => ((await app.inject({ method: 'POST', url: '/api/property', payload: { id } })).json() as PropertyAnswer).data),
  );
  const withTour = details.find((d) => d.media.length > 0)!;
  const without = details.find((d) => d.media.length === 0)!;
  t.ok(withTour && without, 'the demo has both');
  t.same(withTour.media, [
    {
      kind: 'tour',
      url: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
      embed: { provider: 'matterport', name: 'Matterport', src: 'https://my.matterport.com/show/?m=SxQL3iGyoDo' },
    },
  ]);

  const res = await app.inject(`/for-sale/${withTour.id}`);
  t.equal(res.statusCode, 200);
  t.match(String(res.headers['cache-control']), /public/, 'the same page for everyone');
  const gallery = /<section class="gallery"[\s\S]*?<\/section>/.exec(res.body)?.[0] ?? '';
  const slides = [...gallery.matchAll(/<li class="glide__slide[^"]*"[^>]*>/g)].map((m) => m[0]);
  t.equal(slides.length, withTour.images.length + 1, 'the tour is the slide after the pictures');
  const last = slides.at(-1)!;
  t.match(last, 'gallery__slide--media');
  t.match(last, `aria-label="${slides.length} / ${slides.length}"`);
  t.match(last, /aria-hidden="true"/);
  t.match(last, /inert=""/, "its 'here' button out of the keyboard's way until it is shown");
  const slide = gallery.slice(gallery.indexOf(last));
  t.match(textOf(slide.slice(0, slide.indexOf('</li>'))), `${en.consent.blocked} ${en.consent.here}`, "SPEC §4's message and its 'here'");
  t.match(slide, /<button type="button" class="consent-link consent-gate__here"/);
  t.notMatch(res.body, /<iframe/, 'nothing framed before the visitor allows it');
  const thumbs = /<ul class="gallery__thumbs"[\s\S]*?<\/ul>/.exec(gallery)?.[0] ?? '';
  t.match(
    textOf(thumbs),
    new RegExp(`Show ${slides.length} / ${slides.length} ?: ${en.property.media.tour} $`),
    'the last thumbnail names it',
  );
  t.match(
    gallery,
    /<ul class="gallery__links"><li>Virtual tour(<!-- -->)? ·(<!-- -->)? <a href="https:\/\/my\.matterport\.com\/show\/\?m=SxQL3iGyoDo" target="_blank" rel="noopener noreferrer nofollow">Open on Matterport<\/a><\/li><\/ul>/,
    'under the gallery, the tour on the provider’s site',
  );

  const plain = await app.inject(`/for-sale/${without.id}`);
  t.notMatch(plain.body, /gallery__slide--media|gallery__links/, 'nothing of it without a video or tour');
});
