// The demo partners' logos (issue 10): shipped SVGs served at a stable address
// with a PNG beside each for mail, set as the partners' logo by the seed, and
// shown in the header and the footer of the partner's pages, on its path and
// on its own domain, with its name as the alternative text.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { DEMO_PARTNERS } from '../../../src/server/store/seed.ts';

const PARTNERS = [
  { slug: 'costa-casas', name: 'Costa Casas Inmobiliaria', host: 'costa-casas.localhost' },
  { slug: 'sol-homes', name: 'Sol Homes Makelaardij', host: 'sol-homes.localhost' },
];

/** The logo images inside the header's home link and the footer's brand block. */
function logos(html: string): { header: string[]; footer: string[] } {
  const header = /<header class="site-header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
  const footer = /<footer class="site-footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';
  const imgs = (block: string) => [...block.matchAll(/<img [^>]*class="logo logo--image"[^>]*>/g)].map((m) => m[0]);
  return { header: imgs(header), footer: imgs(footer) };
}

t.test("the demo partners' logos: served as SVG and PNG, set by the seed, shown in header and footer", async (t) => {
  const app = await testApp(t);

  for (const { slug, name, host } of PARTNERS) {
    t.equal(DEMO_PARTNERS.find((p) => p.slug === slug)?.logo, `/media/partners/${slug}.svg`, `${slug}: the seed sets its logo`);

    const svg = await app.inject(`/media/partners/${slug}.svg`);
    t.equal(svg.statusCode, 200, `${slug}.svg`);
    t.match(svg.headers['content-type'], /^image\/svg\+xml/);
    t.match(svg.headers['cache-control'], /^public, max-age=\d{6,}/, 'cached for long');
    t.match(svg.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    t.match(svg.body, new RegExp(`<title[^>]*>${name}</title>`), 'the SVG names the partner');
    t.notMatch(svg.body, /<text|<script|href=/, 'no text to need a font, no script, nothing fetched');

    const png = await app.inject(`/media/partners/${slug}.png`);
    t.equal(png.statusCode, 200, `${slug}.png`);
    t.equal(png.headers['content-type'], 'image/png');
    t.match(png.headers['cache-control'], /^public, max-age=\d{6,}/);
    t.same([...png.rawPayload.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG');
    const height = png.rawPayload.readUInt32BE(20);
    const width = png.rawPayload.readUInt32BE(16);
    t.equal(height, 128, 'rendered at twice the drawn height, sharp in a mail');
    t.ok(width > 3 * height, `a wordmark: ${width} × ${height}`);
    // Transparent corners (rounded plate), its primary colour inside: decoded by sharp.
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(png.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x + 1) * info.channels)];
    t.equal(at(0, 0)[3], 0, 'a transparent corner');
    const primary = DEMO_PARTNERS.find((p) => p.slug === slug)!.color_primary;
    t.same(
      at(Math.round(width / 2), 4).slice(0, 3),
      [1, 3, 5].map((i) => Number.parseInt(primary.slice(i, i + 2), 16)),
      `the plate in ${primary}`,
    );

    for (const [where, url, headers] of [
      ['path', `/${slug}/contact`, {}],
      ['domain', '/contact', { host }],
    ] as const) {
      const res = await app.inject({ url, headers });
      t.equal(res.statusCode, 200, `${slug} ${where}: ${url}`);
      const { header, footer } = logos(res.body);
      const img = `<img class="logo logo--image" src="/media/partners/${slug}.svg" alt="${name}" height="48"/>`;
      t.same(header, [img], `${slug} on its ${where}: the logo in the header, named`);
      t.same(footer, [img], `${slug} on its ${where}: and in the footer`);
    }
  }

  const main = await app.inject('/contact');
  t.same(logos(main.body), { header: [], footer: [] }, 'the main site keeps its own drawn mark');

  t.equal((await app.inject('/media/partners/nobody.svg')).statusCode, 404, 'no such logo');
  t.equal((await app.inject('/media/partners/costa-casas.gif')).statusCode, 404, 'another extension');
  t.equal((await app.inject('/media/partners/Costa_Casas.svg')).statusCode, 400, 'not a slug');
  t.equal((await app.inject('/media/partners/..%2Fseed.svg')).statusCode, 400, 'no way out of the folder');
});
