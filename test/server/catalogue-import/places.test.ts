import t from 'tap';
import { capitalise, properPlaceName, type PlaceKind } from '../../../src/server/catalogue-import/places.ts';
import { placeKey } from '../../../src/shared/place-key.ts';

const CASES: Array<[string, PlaceKind, string, string]> = [
  // [as the feed writes it, kind, proper form, why]
  ['almunecar', 'town', 'Almuñécar', 'accents and ñ restored'],
  ['GRANADA', 'province', 'Granada', 'capitals'],
  ['GRANADA', 'town', 'Granada', 'a municipality too'],
  ['javea', 'town', 'Jávea', 'first half of Jávea/Xàbia'],
  ['xabia', 'town', 'Xàbia', 'second half of Jávea/Xàbia'],
  ['Xàbia', 'town', 'Xàbia', 'a proper form is kept as written'],
  ['Torrevieja', 'town', 'Torrevieja', 'already proper'],
  ['alicante', 'town', 'Alicante', 'half of Alicante/Alacant'],
  ['alacant', 'town', 'Alacant', 'the other half'],
  ['alicante/alacant', 'town', 'Alicante/Alacant', 'the whole bilingual name'],
  ['alicante', 'province', 'Alicante', 'province'],
  ['la nucia', 'town', 'La Nucia', "INE's 'Nucia, la' with the article in front"],
  ['Nucia, la', 'town', 'La Nucia', "INE's own order"],
  ['coruña, a', 'town', 'A Coruña', 'Galician article'],
  ['el campello', 'town', 'El Campello', 'article capitalised in front'],
  ["l'alfas del pi", 'town', "L'Alfàs del Pi", 'elided article'],
  ['alfas del pi', 'town', 'Alfàs del Pi', 'without its article: respelled, no article added'],
  ['hondon de las nieves', 'town', 'Hondón de las Nieves', 'half of a name with an article'],
  ['LOS ALCAZARES', 'town', 'Los Alcázares', 'capitals without accents'],
  ['  san   javier ', 'town', 'San Javier', 'whitespace collapsed'],
  ['pilar de la horadada', 'town', 'Pilar de la Horadada', 'particles lower case'],
  ['guardamar del segura', 'town', 'Guardamar del Segura', 'del'],
  ['orihuela costa', 'town', 'Orihuela Costa', 'not a municipality: capitalised'],
  ['CABO DE PALOS', 'town', 'Cabo de Palos', 'not a municipality, in capitals'],
  ['Playa Flamenca', 'town', 'Playa Flamenca', 'unknown, mixed case: as written'],
  ['malaga', 'province', 'Málaga', 'province accents'],
  ['almeria', 'province', 'Almería', 'province accents'],
  ['cadiz', 'province', 'Cádiz', 'province accents'],
  ['castellon', 'province', 'Castellón', 'province accents'],
  ['baleares', 'province', 'Baleares', "a feed's form of the province"],
  ['ILLES BALEARS', 'province', 'Illes Balears', 'the official form'],
  ['santa cruz de tenerife', 'province', 'Santa Cruz de Tenerife', 'particles inside'],
  ['las palmas', 'province', 'Las Palmas', 'article first'],
  ['a coruña', 'province', 'A Coruña', 'Galician'],
  ['valencia', 'province', 'Valencia', 'Spanish form'],
  ['València', 'province', 'València', 'Valencian form kept as written'],
  ['costa blanca', 'province', 'Costa Blanca', 'not a province: capitalised'],
  ['comunidad valenciana', 'province', 'Comunidad Valenciana', 'a community where the province goes'],
  ['', 'town', '', 'nothing stays nothing'],
];

t.test('a town or province gets its proper form', async (t) => {
  for (const [name, kind, proper, why] of CASES) t.equal(properPlaceName(name, kind), proper, `${JSON.stringify(name)} (${kind}): ${why}`);
});

t.test('a province field never takes a municipality', async (t) => {
  t.equal(properPlaceName('torrevieja', 'province'), 'Torrevieja', 'capitalised, not looked up among towns');
});

t.test('answers are the same from the cache', async (t) => {
  t.equal(properPlaceName('javea', 'town'), 'Jávea');
  t.equal(properPlaceName('javea', 'town'), 'Jávea');
});

t.test('capitalising keeps particles lower case inside a name only', async (t) => {
  t.equal(capitalise('la manga del mar menor'), 'La Manga del Mar Menor');
  t.equal(capitalise("vall d'alcala"), "Vall d'Alcala");
  t.equal(capitalise("l'eliana"), "L'Eliana");
  t.equal(capitalise('castilla-la mancha'), 'Castilla-La Mancha');
});

t.test('the key folds case, accents and punctuation', async (t) => {
  t.equal(placeKey("L'Alfàs  del Pi"), 'l alfas del pi');
  t.equal(placeKey('ALMUÑÉCAR'), 'almunecar');
});
