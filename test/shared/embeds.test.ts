// shared/embeds.ts: which feed addresses are framed, as which player; the
// player's address rebuilt from the id alone; anything else a link (null).
import t from 'tap';
import { EMBED_ORIGINS, PROVIDER_NAMES, embedFor, type EmbedProvider } from '../../src/shared/embeds.ts';

t.test("the allowed providers' usual addresses, each to its player", async (t) => {
  const cases: Array<[string, EmbedProvider, string]> = [
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['http://youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://player.vimeo.com/video/76979871?h=abc', 'vimeo', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://my.matterport.com/show/?m=SxQL3iGyoDo&play=1', 'matterport', 'https://my.matterport.com/show/?m=SxQL3iGyoDo'],
    ['https://my.matterport.com/show?m=SxQL3iGyoDo', 'matterport', 'https://my.matterport.com/show/?m=SxQL3iGyoDo'],
    ['https://kuula.co/post/7lXyz', 'kuula', 'https://kuula.co/share/7lXyz'],
    ['https://kuula.co/share/collection/7Fabc', 'kuula', 'https://kuula.co/share/7Fabc'],
    ['https://tour.giraffe360.com/a1b2c3d4', 'giraffe360', 'https://tour.giraffe360.com/a1b2c3d4/'],
  ];
  for (const [address, provider, src] of cases) {
    t.same(embedFor(address), { provider, name: PROVIDER_NAMES[provider], src }, address);
    t.ok(
      EMBED_ORIGINS.some((origin) => src.startsWith(`${origin}/`)),
      'on an origin the CSP allows',
    );
  }
});

t.test('anything else is not framed', async (t) => {
  for (const address of [
    'https://tours.example.com/360/b1',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/channels/staffpicks',
    'https://my.matterport.com/models/abc',
    'https://my.matterport.com/show/?m=<script>',
    'javascript:alert(1)',
    'ftp://youtube.com/embed/dQw4w9WgXcQ',
    'not a url',
  ])
    t.equal(embedFor(address), null, address);
});
