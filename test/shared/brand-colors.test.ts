// Brand readability (issue 10): WCAG 2.x contrast, the colours derived from a
// partner's three, and the pairs `npm run partner` warns about.
import t from 'tap';
import {
  AA_LARGE,
  AA_TEXT,
  contrast,
  contrastWarnings,
  derivedColors,
  describeWarning,
  INK,
  luminance,
  readableOn,
  visibleOn,
  WHITE,
} from '../../src/shared/brand-colors.ts';
import { DEFAULT_COLORS, DEFAULT_DERIVED_COLORS } from '../../src/shared/constants.ts';

function near(t: { ok(v: boolean, m: string): void }, actual: number, expected: number, what: string): void {
  t.ok(Math.abs(actual - expected) < 0.01, `${what}: ${actual.toFixed(3)} ≈ ${expected}`);
}

t.test('contrast ratios as WCAG 2.x computes them', async (t) => {
  t.equal(luminance('#000000'), 0);
  t.equal(luminance('#ffffff'), 1);
  t.equal(contrast('#000000', '#ffffff'), 21, 'black on white: 21:1');
  t.equal(contrast('#ffffff', '#000000'), 21, 'the order does not matter');
  t.equal(contrast('#8a1538', '#8a1538'), 1, 'a colour on itself: 1:1');
  // Known pairs (WebAIM's checker): #767676 is the lightest grey with 4.5:1 on white, #949494 about 3:1.
  near(t, contrast('#767676', WHITE), 4.54, '#767676 on white');
  near(t, contrast('#949494', WHITE), 3.03, '#949494 on white');
  near(t, contrast('#0000ff', WHITE), 8.59, 'blue on white');
  t.ok(
    contrast('#767676', WHITE) >= AA_TEXT && contrast('#777777', WHITE) < AA_TEXT,
    'the 4.5:1 text threshold falls between #767676 and #777777',
  );
});

t.test('text on a coloured fill is white or ink, whichever reads', async (t) => {
  t.equal(readableOn('#8a1538'), WHITE, 'burgundy: white');
  t.equal(readableOn('#0b5d4b'), WHITE, 'dark green: white');
  t.equal(readableOn('#fffb00'), INK, 'yellow: ink');
  t.equal(readableOn('#ffffff'), INK, 'white: ink');
  // Any fill: the better of the two always reaches 4.5:1.
  for (const fill of ['#777777', '#7f7f7f', '#f29f05', '#0099ff', '#ff0000', '#00ff00', '#13206a']) {
    t.ok(contrast(readableOn(fill), fill) >= AA_TEXT, `${fill}: ${contrast(readableOn(fill), fill).toFixed(2)}:1`);
  }
});

t.test('a visible accent: the first candidate with 3:1, else a shade of the first', async (t) => {
  t.equal(visibleOn(WHITE, ['#0b5d4b']), '#0b5d4b', 'dark green on white: kept');
  t.equal(visibleOn(WHITE, ['#ffffff', '#8a1538']), '#8a1538', 'white on white: the next candidate');
  const grey = visibleOn(WHITE, ['#ffffff', '#fafafa']);
  t.ok(contrast(grey, WHITE) >= AA_LARGE, `no candidate: the first, darkened to ${grey}`);
  t.ok(contrast(grey, WHITE) < 3.5, 'only as far as needed');
  const light = visibleOn('#111111', ['#222222']);
  t.ok(contrast(light, '#111111') >= AA_LARGE && luminance(light) > luminance('#222222'), `on a dark fill it is lightened: ${light}`);
});

t.test('derived colours: a white secondary gives a visible underline on white (Sol Homes)', async (t) => {
  const sol = derivedColors({ primary: '#8a1538', secondary: '#ffffff', heading_color: '#ffd6e0' });
  t.equal(sol.accentOnWhite, '#8a1538', 'on white: the primary, not the invisible white');
  t.equal(sol.accentOnPrimary, '#ffffff', 'on the burgundy bar: the white it chose');
  t.equal(sol.onPrimary, WHITE);
  t.equal(sol.onSecondary, INK, 'ink on a white button');
  t.equal(sol.headingOnPrimary, '#ffd6e0', 'pink headings read on burgundy');
  for (const [name, value, on] of [
    ['accentOnWhite', sol.accentOnWhite, WHITE],
    ['accentOnPrimary', sol.accentOnPrimary, '#8a1538'],
  ] as const) {
    t.ok(contrast(value, on) >= AA_LARGE, `${name} ${value}: ${contrast(value, on).toFixed(2)}:1`);
  }

  const costa = derivedColors({ primary: '#0b5d4b', secondary: '#f29f05', heading_color: '#f29f05' });
  t.equal(costa.accentOnWhite, '#0b5d4b', 'amber is 2.2:1 on white: the green instead');
  t.equal(costa.accentOnPrimary, '#f29f05', 'amber on green is kept');

  const pale = derivedColors({ primary: '#fff3b0', secondary: '#fff3b0', heading_color: '#ffffff' });
  t.equal(pale.onPrimary, INK, 'ink on a pale bar');
  t.equal(pale.headingOnPrimary, INK, 'white headings on a pale bar: ink instead');
  t.ok(contrast(pale.accentOnWhite, WHITE) >= AA_LARGE, `a pale accent on white is shaded: ${pale.accentOnWhite}`);
  t.ok(contrast(pale.accentOnPrimary, '#fff3b0') >= AA_LARGE, `and on its own colour too: ${pale.accentOnPrimary}`);

  const main = derivedColors(DEFAULT_COLORS);
  t.same(main, DEFAULT_DERIVED_COLORS, "the main site's, as the browser has them without this code");
  t.equal(main.accentOnWhite, DEFAULT_COLORS.primary, "the main site's yellow on white: its navy instead");
  t.equal(main.accentOnPrimary, DEFAULT_COLORS.secondary, 'yellow on navy: kept');
});

t.test('warnings: one per pair the site draws that falls short', async (t) => {
  t.same(contrastWarnings({ primary: '#111111', secondary: '#e8590c', heading_color: '#ffd6e0' }), [], 'readable colours: none');
  const sol = contrastWarnings({ primary: '#8a1538', secondary: '#ffffff', heading_color: '#ffd6e0' });
  t.same(
    sol.map((w) => [w.flag, w.on]),
    [['secondary', 'white']],
  );
  t.equal(
    describeWarning(sol[0]!),
    'warning: --secondary #ffffff on white has a contrast of 1.00:1, below the 3:1 of WCAG AA for accent lines (heading underlines); the site uses #8a1538 there instead',
  );
  const all = contrastWarnings({ primary: '#f0f0f0', secondary: '#ffffff', heading_color: '#ffffff' });
  t.same(
    all.map((w) => `${w.flag} on ${w.on} needs ${w.needed}`),
    [
      'primary on white needs 4.5',
      'secondary on white needs 3',
      'secondary on primary #f0f0f0 needs 3',
      'heading on primary #f0f0f0 needs 3',
    ],
  );
  t.equal(all[0]!.instead, null, 'text in the primary on white is not replaced: the partner must choose');
  // 2.999…:1 is below 3:1 and must not print as 3.00:1.
  t.match(describeWarning({ ...all[1]!, ratio: 2.9999 }), /contrast of 2\.99:1/);
});
