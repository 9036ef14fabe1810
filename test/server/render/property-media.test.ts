// A property page's videos and virtual tours (issue 23) as the server sends
// them, on the demo (a few developments carry a Matterport tour): the section
// with SPEC §4's message and its 'here' button in the player's place, no
// frame (the server never knows the visitor's choice: pages are cached for
// everyone), and a link to the tour on the provider's site; no section for a
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
      embed: { provider: 'matterport', src: 'https://my.matterport.com/show/?m=SxQL3iGyoDo' },
    },
  ]);

  const res = await app.inject(`/for-sale/${withTour.id}`);
  t.equal(res.statusCode, 200);
  t.match(String(res.headers['cache-control']), /public/, 'the same page for everyone');
  const section = /<section class="property-section" aria-labelledby="media-title">[\s\S]*?<\/section>/.exec(res.body)?.[0] ?? '';
  t.match(section, `<h2 class="property-section__title" id="media-title">${en.property.media.tour}</h2>`);
  t.match(textOf(section), `${en.consent.blocked} ${en.consent.here}`, "SPEC §4's message and its 'here'");
  t.match(section, /<button type="button" class="consent-link consent-gate__here"/);
  t.notMatch(res.body, /<iframe/, 'nothing framed before the visitor allows it');
  t.match(
    section,
    /<a href="https:\/\/my\.matterport\.com\/show\/\?m=SxQL3iGyoDo" target="_blank" rel="noopener noreferrer nofollow">Open on Matterport<\/a>/,
  );

  const plain = await app.inject(`/for-sale/${without.id}`);
  t.notMatch(plain.body, 'media-title', 'no section without a video or tour');
});
