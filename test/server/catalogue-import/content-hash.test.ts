// The content hash is the test of whether a unit changed (docs/catalogue-import.md): any field
// the feed gives, nested ones too, must change it; the feed line must not.
import t from 'tap';
import { contentHash } from '../../../src/server/catalogue-import/content-hash.ts';
import type { FeedProperty } from '../../../src/server/catalogue-import/feed-property.ts';

const base: FeedProperty = {
  id: 'DEV-1-01',
  date: '2025-03-23T14:45:00.000Z',
  ref: 'VD1-1',
  newBuild: true,
  price: 245000,
  type: 'Villa',
  town: 'Dénia',
  province: 'Alicante',
  country: 'Spain',
  locationDetail: 'Montgó',
  lat: 38.83,
  lng: 0.1,
  bedrooms: 3,
  bathrooms: 2,
  pool: true,
  built: 120,
  plot: 400,
  terrace: 20,
  solarium: null,
  garden: 50,
  descriptions: { en: '<p>A villa</p>', es: 'Una villa' },
  urls: { en: 'https://example.com/1' },
  features: ['Lift', 'Garden'],
  images: [
    { url: '/media/a.jpg', caption: 'Front', floorplan: false },
    { url: '/media/plan.jpg', caption: null, floorplan: true },
  ],
  documents: [{ kind: 'brochure', url: '/media/b.pdf', title: 'Brochure' }],
  media: [{ kind: 'video', url: 'https://youtu.be/aaaaaaaaaaa', lang: null }],
  developmentRef: 'DEV-1',
  developmentName: 'Villas Dénia',
  developer: 'Promociones',
  deliveryDate: '2026-02',
  stage: 'off_plan',
  status: 'available',
  floor: 'Ground',
  line: 4,
};

t.test('every field, and every part of a nested one, changes the hash', async (t) => {
  const hash = contentHash(base);
  const changes: Array<[string, Partial<FeedProperty>]> = [
    ['id', { id: 'DEV-1-02' }],
    ['date', { date: null }],
    ['ref', { ref: null }],
    ['newBuild', { newBuild: null }],
    ['price', { price: 245001 }],
    ['type', { type: 'Penthouse' }],
    ['town', { town: 'Denia' }],
    ['province', { province: 'Valencia' }],
    ['country', { country: 'Portugal' }],
    ['locationDetail', { locationDetail: '' }],
    ['lat', { lat: 38.84 }],
    ['lng', { lng: null }],
    ['bedrooms', { bedrooms: null }],
    ['bathrooms', { bathrooms: 3 }],
    ['pool', { pool: false }],
    ['built', { built: 121 }],
    ['plot', { plot: null }],
    ['terrace', { terrace: 21 }],
    ['solarium', { solarium: 0 }],
    ['garden', { garden: null }],
    ['a description', { descriptions: { en: '<p>A villa!</p>', es: 'Una villa' } }],
    ['a language key', { descriptions: { en: '<p>A villa</p>', de: 'Una villa' } }],
    ['urls', { urls: {} }],
    ['features', { features: ['Lift'] }],
    ['feature order', { features: ['Garden', 'Lift'] }],
    ['a caption', { images: [{ url: '/media/a.jpg', caption: null, floorplan: false }, base.images[1]!] }],
    ['a floor-plan mark', { images: [base.images[0]!, { url: '/media/plan.jpg', caption: null, floorplan: false }] }],
    ['picture order', { images: [base.images[1]!, base.images[0]!] }],
    ['a document title', { documents: [{ kind: 'brochure', url: '/media/b.pdf', title: 'Dossier' }] }],
    ['a video', { media: [{ kind: 'video', url: 'https://youtu.be/bbbbbbbbbbb', lang: null }] }],
    ['a video as a tour', { media: [{ kind: 'tour', url: 'https://youtu.be/aaaaaaaaaaa', lang: null }] }],
    ['no video', { media: [] }],
    ['developmentRef', { developmentRef: null }],
    ['developmentName', { developmentName: null }],
    ['developer', { developer: 'Other' }],
    ['deliveryDate', { deliveryDate: '2026-03' }],
    ['stage', { stage: null }],
    ['status', { status: 'sold' }],
    ['floor', { floor: null }],
  ];
  for (const [what, change] of changes) t.not(contentHash({ ...base, ...change }), hash, what);
  t.equal(contentHash({ ...base, line: 999 }), hash, 'the line in the feed is not content');
  t.equal(contentHash({ ...base, images: base.images.map((i) => ({ ...i })) }), hash, 'equal content, equal hash');
});

t.test('null, empty and the word null are three values; fields do not run into each other', async (t) => {
  t.not(contentHash({ ...base, floor: null }), contentHash({ ...base, floor: '' }));
  t.not(contentHash({ ...base, floor: 'null' }), contentHash({ ...base, floor: null }));
  t.not(contentHash({ ...base, town: 'ab', province: 'c' }), contentHash({ ...base, town: 'a', province: 'bc' }));
  t.not(contentHash({ ...base, features: ['a b'] }), contentHash({ ...base, features: ['a', 'b'] }));
});

t.test('a unit hashed before its videos were read keeps its hash while it has none', async (t) => {
  // The hash as written before `media` was a field: this unit, less its video, hashed then.
  t.equal(contentHash({ ...base, media: [] }), 'h3tB9pprMaGQpVXbVzEe5jbpQJg');
});
