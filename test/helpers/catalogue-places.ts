// The place tree of the test catalogue (test/helpers/catalogue.ts): real
// countries, regions and towns at their coordinates, each town with its share
// of projects (0: a town without any).

export interface TownSeed {
  slug: string;
  name: string;
  lat: number;
  lng: number;
  /** Relative share of projects; 0: a town without any. */
  weight: number;
}
export interface RegionSeed {
  slug: string;
  name: string;
  lat: number;
  lng: number;
  towns: TownSeed[];
}
export interface CountrySeed {
  slug: string;
  name: string;
  lat: number;
  lng: number;
  regions: RegionSeed[];
}

const town = (slug: string, name: string, lat: number, lng: number, weight = 1): TownSeed => ({ slug, name, lat, lng, weight });

/**
 * Real new-build areas. Portugal is there so that the country filter means
 * something; Valencia has no project (a place that resolves with a count of 0);
 * 'la-herradura' exists in two regions (a town slug alone is ambiguous).
 */
export const PLACES: CountrySeed[] = [
  {
    slug: 'spain',
    name: 'Spain',
    lat: 40.0,
    lng: -3.7,
    regions: [
      {
        slug: 'alicante',
        name: 'Alicante',
        lat: 38.35,
        lng: -0.48,
        towns: [
          town('torrevieja', 'Torrevieja', 37.978, -0.683, 4),
          town('orihuela-costa', 'Orihuela Costa', 37.937, -0.738, 3),
          town('guardamar-del-segura', 'Guardamar del Segura', 38.09, -0.655, 2),
          town('pilar-de-la-horadada', 'Pilar de la Horadada', 37.866, -0.792, 2),
          town('benidorm', 'Benidorm', 38.541, -0.122, 2),
          town('finestrat', 'Finestrat', 38.567, -0.212, 2),
          town('calpe', 'Calpe', 38.644, 0.045, 2),
          town('javea', 'Jávea', 38.789, 0.166, 1),
          town('altea', 'Altea', 38.599, -0.051, 1),
          town('la-herradura', 'La Herradura (Alicante)', 38.2, -0.55, 0.5),
        ],
      },
      {
        slug: 'murcia',
        name: 'Murcia',
        lat: 37.99,
        lng: -1.13,
        towns: [
          town('san-pedro-del-pinatar', 'San Pedro del Pinatar', 37.835, -0.791, 2),
          town('los-alcazares', 'Los Alcázares', 37.744, -0.851, 2),
          town('san-javier', 'San Javier', 37.806, -0.837, 2),
          town('cartagena', 'Cartagena', 37.605, -0.986, 1),
          town('mazarron', 'Mazarrón', 37.599, -1.314, 1),
          town('aguilas', 'Águilas', 37.406, -1.583, 1),
          town('torre-pacheco', 'Torre-Pacheco', 37.743, -0.953, 1),
        ],
      },
      {
        slug: 'malaga',
        name: 'Málaga',
        lat: 36.72,
        lng: -4.42,
        towns: [
          town('marbella', 'Marbella', 36.51, -4.882, 3),
          town('estepona', 'Estepona', 36.426, -5.146, 3),
          town('mijas', 'Mijas', 36.596, -4.637, 2),
          town('fuengirola', 'Fuengirola', 36.54, -4.625, 1),
          town('benalmadena', 'Benalmádena', 36.599, -4.517, 1),
          town('manilva', 'Manilva', 36.377, -5.25, 1),
          town('casares', 'Casares', 36.445, -5.274, 1),
          town('nerja', 'Nerja', 36.758, -3.874, 1),
          town('torremolinos', 'Torremolinos', 36.622, -4.5, 1),
        ],
      },
      {
        slug: 'almeria',
        name: 'Almería',
        lat: 36.84,
        lng: -2.46,
        towns: [
          town('mojacar', 'Mojácar', 37.14, -1.851, 1),
          town('vera', 'Vera', 37.243, -1.859, 1),
          town('roquetas-de-mar', 'Roquetas de Mar', 36.764, -2.615, 1),
          town('cuevas-del-almanzora', 'Cuevas del Almanzora', 37.297, -1.88, 1),
          town('pulpi', 'Pulpí', 37.405, -1.75, 1),
          town('nijar', 'Níjar', 36.966, -2.206, 0.5),
        ],
      },
      {
        slug: 'granada',
        name: 'Granada',
        lat: 37.18,
        lng: -3.6,
        towns: [
          town('almunecar', 'Almuñécar', 36.734, -3.69, 1),
          town('motril', 'Motril', 36.745, -3.518, 0.5),
          town('salobrena', 'Salobreña', 36.746, -3.587, 0.5),
          town('la-herradura', 'La Herradura', 36.735, -3.738, 1),
        ],
      },
      {
        slug: 'valencia',
        name: 'Valencia',
        lat: 39.47,
        lng: -0.38,
        towns: [town('gandia', 'Gandia', 38.967, -0.181, 0)],
      },
    ],
  },
  {
    slug: 'portugal',
    name: 'Portugal',
    lat: 39.5,
    lng: -8.0,
    regions: [
      {
        slug: 'faro',
        name: 'Faro',
        lat: 37.02,
        lng: -7.93,
        towns: [town('lagos', 'Lagos', 37.102, -8.674, 1), town('albufeira', 'Albufeira', 37.089, -8.25, 1)],
      },
    ],
  },
];
