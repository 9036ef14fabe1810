// components/property/PropertyMedia.tsx on its own: a player of an allowed
// provider behind the consent gate with a link to it on the provider's site;
// any other address a link only, never a frame; the title says what it holds.
import t from 'tap';
import { renderToString } from 'react-dom/server';
import { ConsentProvider, type ConsentStore } from '../../../src/client/lib/consent.tsx';
import { PropertyMedia } from '../../../src/client/components/property/PropertyMedia.tsx';
import type { ProjectMedia } from '../../../src/shared/catalogue.ts';
import { makeConsent, preferencesFor } from '../../../src/shared/consent.ts';

const accepted: ConsentStore = { read: () => makeConsent(preferencesFor('accept-all')), write() {}, subscribe: () => () => {} };
const render = (media: ProjectMedia[]) =>
  renderToString(
    <ConsentProvider store={accepted}>
      <PropertyMedia media={media} name="Mar Azul" />
    </ConsentProvider>,
  );

const video: ProjectMedia = {
  kind: 'video',
  url: 'https://youtu.be/dQw4w9WgXcQ',
  embed: { provider: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
};
const elsewhere: ProjectMedia = { kind: 'tour', url: 'https://tours.example.com/360/b1', embed: null };

t.test('an address of no allowed provider is a link, never framed', async (t) => {
  const html = render([elsewhere]);
  t.notMatch(html, /<iframe|consent-gate/);
  t.match(
    html,
    '<a class="property-media__link" href="https://tours.example.com/360/b1" target="_blank" rel="noopener noreferrer nofollow">Open the virtual tour (opens another site)</a>',
  );
  t.match(html, /id="media-title">Virtual tour<\/h2>/);
});

t.test("an allowed provider's player waits behind the gate, with a link to the provider", async (t) => {
  const html = render([video, elsewhere]);
  t.match(html, /id="media-title">Video and virtual tour<\/h2>/, 'the title names both');
  t.match(html, /class="consent-gate property-media__frame property-media__frame--video is-blocked"/, 'blocked, as on the server');
  t.match(
    html,
    /<figcaption>Video(<!-- -->)? ·(<!-- -->)? <a href="https:\/\/youtu\.be\/dQw4w9WgXcQ"[^>]*>Open on YouTube<\/a><\/figcaption>/,
  );
});
