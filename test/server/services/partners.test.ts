import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import { ContentService } from '../../../src/server/services/content.ts';
import { ConflictError, InputError, NotFoundError } from '../../../src/server/store/errors.ts';
import { DEFAULT_COLORS } from '../../../src/shared/constants.ts';
import { derivedColors } from '../../../src/shared/brand-colors.ts';

/** The error a write refuses with: its class, field and message (never SQL's). */
async function refusal(t: Tap, write: Promise<unknown>, kind: typeof InputError, field: string, message: RegExp): Promise<void> {
  const error = await write.then(
    () => null,
    (e: unknown) => e,
  );
  t.type(error, kind, `${kind.name} for ${field}`);
  t.match(error, { field, message });
  t.notMatch(String((error as Error)?.message), /constraint|UNIQUE|SQL|duplicate key/i, 'not a raw SQL message');
}
type Tap = Parameters<Parameters<typeof t.test>[0]>[0];

forEachStore(
  t,
  'partners by slug, by host and resolved host-first',
  async (t, store) => {
    const partners = new PartnerService(store.db);
    t.equal((await partners.bySlug('costa-casas'))?.name, 'Costa Casas Inmobiliaria');
    t.equal((await partners.bySlug('Costa-Casas'))?.slug, 'costa-casas', 'slug is case-insensitive');
    t.equal(await partners.bySlug('nobody'), null);

    for (const host of [
      'costa-casas.localhost',
      'costa-casas.localhost:3000',
      'COSTA-CASAS.LOCALHOST',
      'www.costa-casas.localhost',
      'costa-casas.localhost.',
    ])
      t.equal((await partners.byHost(host))?.slug, 'costa-casas', host);
    for (const host of [null, undefined, '', 'localhost:3000', 'example.com', 'costa-casas'])
      t.equal(await partners.byHost(host), null, `no partner for ${JSON.stringify(host)}`);

    const sol = await partners.bySlug('sol-homes');
    t.match(sol, {
      id: Number,
      slug: 'sol-homes',
      domain: 'sol-homes.localhost',
      colors: { primary: '#8a1538', secondary: '#ffffff', heading_color: '#ffd6e0' },
    });
    t.equal((await partners.resolve('sol-homes.localhost', 'costa-casas'))?.slug, 'sol-homes', 'the host wins over the path');
    t.equal((await partners.resolve('localhost:3000', 'costa-casas'))?.slug, 'costa-casas', 'then the path');
    t.equal(await partners.resolve('localhost', 'nobody'), null);
    t.equal(await partners.resolve(undefined, undefined), null);
    t.same(
      (await partners.list()).map((p) => p.slug),
      ['costa-casas', 'sol-homes'],
    );
  },
  { seed: true },
);

forEachStore(
  t,
  'create checks and coerces its input',
  async (t, store) => {
    const partners = new PartnerService(store.db);
    const made = await partners.create({
      slug: ' Playa-Homes ',
      name: ' Playa Homes ',
      domain: 'WWW.Playa-Homes.ES.',
      phone: '',
      email: 'info@playa.example',
    });
    t.match(made, {
      id: Number,
      slug: 'playa-homes',
      name: 'Playa Homes',
      domain: 'www.playa-homes.es',
      phone: null,
      email: 'info@playa.example',
      colors: DEFAULT_COLORS,
    });
    t.same(await partners.bySlug('playa-homes'), made, 'stored as returned');
    t.equal((await partners.byHost('playa-homes.es'))?.slug, undefined, 'a www. domain is matched as given');
    t.equal((await partners.byHost('www.playa-homes.es:443'))?.slug, 'playa-homes');

    const colours = await partners.create({ slug: 'rojo', name: 'Rojo', primary: '#AA0000', secondary: '#00aa00', heading: '#0000AA' });
    t.same(colours.colors, { primary: '#aa0000', secondary: '#00aa00', heading_color: '#0000aa' }, 'colours kept, lowercased');

    const bad: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ slug: 'contact', name: 'X' }, 'slug', /reserved.*\/contact/],
      [{ slug: 'old', name: 'X' }, 'slug', /reserved/],
      [{ slug: 'api', name: 'X' }, 'slug', /reserved/],
      [{ slug: 'login', name: 'X' }, 'slug', /reserved/],
      [{ slug: 'franchise', name: 'X' }, 'slug', /reserved/],
      [{ slug: 'a', name: 'X' }, 'slug', /must be 2 to 60/],
      [{ slug: 'a_b', name: 'X' }, 'slug', /lowercase letters, digits/],
      [{ slug: '-ab', name: 'X' }, 'slug', /single hyphens/],
      [{ slug: 'x'.repeat(61), name: 'X' }, 'slug', /2 to 60/],
      [{ name: 'X' }, 'slug', /is required/],
      [{ slug: 'xy' }, 'name', /is required/],
      [{ slug: 'xy', name: '   ' }, 'name', /is required/],
      [{ slug: 'xy', name: 'X', primary: 'red' }, 'primary', /colour like #\w{6} \(got "red"\)/],
      [{ slug: 'xy', name: 'X', secondary: '#fff' }, 'secondary', /colour/],
      [{ slug: 'xy', name: 'X', heading: '#GGGGGG' }, 'heading', /colour/],
      [{ slug: 'xy', name: 'X', domain: 'https://xy.es' }, 'domain', /without scheme/],
      [{ slug: 'xy', name: 'X', domain: 'xy.es:8080' }, 'domain', /host name/],
      [{ slug: 'xy', name: 'X', domain: 'xy.es/path' }, 'domain', /host name/],
      [{ slug: 'xy', name: 'X', domain: 'localhost' }, 'domain', /host name/],
      [{ slug: 'xy', name: 'X', domain: '10.0.0.1' }, 'domain', /host name/],
      [{ slug: 'xy', name: 'X', domain: 'xy_.es' }, 'domain', /host name/],
      [{ slug: 'xy', name: 'X', email: 'nope' }, 'email', /email/],
      // The lead forms' rules: one mailbox, no quotes or angle brackets.
      [
        { slug: 'xy', name: 'X', email: 'a@b.c"><script>alert(1)</script>' },
        'email',
        /^email must be an email address \(got "a@b\.c\\"><script>/,
      ],
      [{ slug: 'xy', name: 'X', email: 'a@b.com, c@d.com' }, 'email', /email/],
      [{ slug: 'xy', name: 'X', email: 'a@b.com\nBcc: c@d.com' }, 'email', /email/],
      [{ slug: 'xy', name: 'X', phone: 'call me' }, 'phone', /phone/],
      [{ slug: 'xy', name: 'X', phone: '+34 966<b>' }, 'phone', /phone/],
      [{ slug: 'xy', name: 'X', logo: 'javascript:alert(1)' }, 'logo', /http\(s\) URL/],
      [{ slug: 'xy', name: 'X', logo: '//evil.example/x.png' }, 'logo', /http\(s\) URL/],
      [{ slug: 'xy', name: 'X', logo: 'https://xy.es/logo.svg"><script>' }, 'logo', /without spaces, quotes or angle brackets/],
      [{ slug: 'xy', name: 'X', logo: '/assets/x y.svg' }, 'logo', /http\(s\) URL/],
      [{ slug: 'xy', name: 'X\nY' }, 'name', /on one line \(got "X\\nY"\)/],
      [{ slug: 'xy', name: 'X', address: 'Calle Mayor 1\r\nBcc' }, 'address', /on one line/],
      [{ slug: 'xy', name: 'X', city: 'Ali\u2028cante' }, 'city', /on one line/],
      [{ slug: 'xy', name: 'X', colour: '#000000' }, 'colour', /not a field/],
    ];
    for (const [input, field, message] of bad) await refusal(t, partners.create(input as never), InputError, field, message);
    t.equal(await partners.bySlug('xy'), null, 'nothing refused was stored');
  },
  { seed: true },
);

forEachStore(
  t,
  'create refuses a slug or domain already taken, with a clear error',
  async (t, store) => {
    const partners = new PartnerService(store.db);
    const content = new ContentService(store.db);
    await refusal(t, partners.create({ slug: 'costa-casas', name: 'X' }), ConflictError, 'slug', /"costa-casas" is already taken/);
    await refusal(
      t,
      partners.create({ slug: 'xy', name: 'X', domain: 'costa-casas.localhost' }),
      ConflictError,
      'domain',
      /already used by partner costa-casas/,
    );
    await refusal(
      t,
      partners.create({ slug: 'xy', name: 'X', domain: 'Costa-Casas.Localhost' }),
      ConflictError,
      'domain',
      /already used by partner costa-casas/,
    );
    await refusal(
      t,
      partners.create({ slug: 'xy', name: 'X', domain: 'www.costa-casas.localhost' }),
      ConflictError,
      'domain',
      /already used by partner costa-casas/,
    );
    await content.upsert({ slug: 'mortgages', title: 'Mortgages', body: 'Text' });
    await refusal(t, partners.create({ slug: 'mortgages', name: 'X' }), ConflictError, 'slug', /main site's page \/mortgages/);
    const error = await partners.create({ slug: 'costa-casas', name: 'X' }).catch((e: InputError) => e);
    t.equal((error as InputError).statusCode, 409);
    t.equal((await partners.list()).length, 2);
  },
  { seed: true },
);

forEachStore(
  t,
  'update changes only the given fields',
  async (t, store) => {
    const partners = new PartnerService(store.db);
    const before = (await partners.bySlug('costa-casas'))!;
    const after = await partners.update('costa-casas', { primary: '#123456', phone: '', city: 'Alicante' });
    const colors = { ...before.colors, primary: '#123456' };
    t.same(after, { ...before, phone: null, city: 'Alicante', colors, derived_colors: derivedColors(colors) });
    t.same(await partners.update('costa-casas', { domain: 'costa-casas.localhost' }), after, 'its own domain is not a conflict');
    await partners.update('costa-casas', { domain: null });
    t.equal(await partners.byHost('costa-casas.localhost'), null, 'a cleared domain no longer resolves');

    const renamed = await partners.update('COSTA-CASAS', { slug: 'costa-nueva' });
    t.equal(renamed.id, before.id);
    t.equal(await partners.bySlug('costa-casas'), null);

    await refusal(t, partners.update('nobody', { name: 'X' }), NotFoundError, 'slug', /"nobody" is not a partner/);
    await refusal(t, partners.update('costa-nueva', {}), InputError, 'input', /nothing to change/);
    await refusal(t, partners.update('costa-nueva', { name: '' }), InputError, 'name', /cannot be cleared/);
    await refusal(t, partners.update('costa-nueva', { primary: null } as never), InputError, 'primary', /cannot be cleared/);
    await refusal(t, partners.update('costa-nueva', { primary: 'blue' }), InputError, 'primary', /colour/);
    await refusal(t, partners.update('costa-nueva', { slug: 'sol-homes' }), ConflictError, 'slug', /already taken/);
    await refusal(t, partners.update('costa-nueva', { slug: 'search' }), InputError, 'slug', /reserved/);
    await refusal(t, partners.update('costa-nueva', { domain: 'sol-homes.localhost' }), ConflictError, 'domain', /sol-homes/);
    t.equal((await partners.bySlug('costa-nueva'))?.domain, null, 'refused updates wrote nothing');
  },
  { seed: true },
);
