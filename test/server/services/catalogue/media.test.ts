// services/catalogue/media.ts: what the property page is given of a
// development's stored videos and tours: English (or no language) first,
// else the first language's; videos before tours; each with its allowed
// player or none; anything unreadable left out.
import t from 'tap';
import { projectMedia } from '../../../../src/server/services/catalogue/media.ts';

const json = (...items: unknown[]) => JSON.stringify(items);

t.test('per kind, the English or language-less ones, videos first, each with its player or none', async (t) => {
  t.same(
    projectMedia(
      json(
        { kind: 'tour', url: 'https://my.matterport.com/show/?m=abcdefghijk', lang: 'en' },
        { kind: 'tour', url: 'https://my.matterport.com/show/?m=zyxwvutsrqp', lang: 'es' },
        { kind: 'video', url: 'https://youtu.be/dQw4w9WgXcQ', lang: null },
        { kind: 'video', url: 'https://tours.example.com/v.mp4', lang: 'en' },
      ),
    ),
    [
      {
        kind: 'video',
        url: 'https://youtu.be/dQw4w9WgXcQ',
        embed: { provider: 'youtube', name: 'YouTube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
      },
      { kind: 'video', url: 'https://tours.example.com/v.mp4', embed: null },
      {
        kind: 'tour',
        url: 'https://my.matterport.com/show/?m=abcdefghijk',
        embed: { provider: 'matterport', name: 'Matterport', src: 'https://my.matterport.com/show/?m=abcdefghijk' },
      },
    ],
  );
});

t.test('without English, the first language the feed gives', async (t) => {
  const media = projectMedia(
    json(
      { kind: 'video', url: 'https://vimeo.com/1', lang: 'de' },
      { kind: 'video', url: 'https://vimeo.com/2', lang: 'nl' },
      { kind: 'video', url: 'https://vimeo.com/3', lang: 'de' },
    ),
  );
  t.same(
    media.map((m) => m.url),
    ['https://vimeo.com/1', 'https://vimeo.com/3'],
  );
});

t.test('at most three of a kind; nothing unreadable', async (t) => {
  const many = Array.from({ length: 5 }, (_, i) => ({ kind: 'video', url: `https://vimeo.com/${i + 1}`, lang: null }));
  t.equal(projectMedia(json(...many)).length, 3);
  for (const bad of [
    '',
    'null',
    '{}',
    '[1]',
    json({ kind: 'video', url: 'javascript:alert(1)', lang: null }),
    json({ kind: 'audio', url: 'https://x.example', lang: null }),
  ])
    t.same(projectMedia(bad), [], bad);
});
