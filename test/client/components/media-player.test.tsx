// components/property/MediaPlayer.tsx on its own: a player of an allowed
// provider behind the consent gate (blocked until functional cookies are
// allowed, framed after); the links under the gallery name the provider, and
// any other address is a link only, never a frame.
import t from 'tap';
import { renderToString } from 'react-dom/server';
import { ConsentProvider, type ConsentStore } from '../../../src/client/lib/consent.tsx';
import { MediaLinks, MediaPlayer, type PlayableMedia } from '../../../src/client/components/property/MediaPlayer.tsx';
import type { ProjectMedia } from '../../../src/shared/catalogue.ts';
import { makeConsent, preferencesFor } from '../../../src/shared/consent.ts';
import type { Consent } from '../../../src/shared/consent.ts';

const storeOf = (consent: Consent | null): ConsentStore => ({ read: () => consent, write() {}, subscribe: () => () => {} });
const render = (consent: Consent | null, node: React.ReactNode) =>
  renderToString(<ConsentProvider store={storeOf(consent)}>{node}</ConsentProvider>);

const video: PlayableMedia = {
  kind: 'video',
  url: 'https://youtu.be/dQw4w9WgXcQ',
  embed: { provider: 'youtube', name: 'YouTube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
};
const elsewhere: ProjectMedia = { kind: 'tour', url: 'https://tours.example.com/360/b1', embed: null };

t.test("an allowed provider's player waits behind the gate on the server", async (t) => {
  const html = render(makeConsent(preferencesFor('accept-all')), <MediaPlayer item={video} name="Mar Azul" />);
  t.match(html, /class="consent-gate property-media is-blocked"/, 'blocked, as on the server whatever the choice');
  t.notMatch(html, /<iframe/);
  t.match(html, /To see this, please enable functional cookies/);
});

t.test('links: the provider named for a player, any other address a link that says it leaves', async (t) => {
  const html = render(null, <MediaLinks media={[video, elsewhere]} />);
  t.notMatch(html, /<iframe|consent-gate/);
  t.match(
    html,
    /<li>Video(<!-- -->)? ·(<!-- -->)? <a href="https:\/\/youtu\.be\/dQw4w9WgXcQ" target="_blank" rel="noopener noreferrer nofollow">Open on YouTube<\/a><\/li>/,
  );
  t.match(
    html,
    '<li><a href="https://tours.example.com/360/b1" target="_blank" rel="noopener noreferrer nofollow">Open the virtual tour (opens another site)</a></li>',
  );
});
