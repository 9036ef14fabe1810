// Where the demo catalogue's developments are: real new-build towns on four
// coasts, at their real coordinates, with a typical new-build price per m²
// (2024–2025 asking prices, rounded) and the kinds of development each is
// known for. Neighbourhoods are real too; they become <location_detail>.

export type Coast = 'Costa Blanca' | 'Costa Cálida' | 'Costa del Sol' | 'Costa de Almería';

/** The kinds of development the generator builds (see generator.ts). */
export type DevelopmentKind = 'apartments' | 'villas' | 'townhouses' | 'bungalows' | 'quads' | 'luxury-villa' | 'plots' | 'country-houses';

export interface Area {
  town: string;
  province: string;
  coast: Coast;
  lat: number;
  lng: number;
  /** Asking price per built m² of a new apartment, in euros. */
  pricePerM2: number;
  /** Share of the demo's developments. */
  weight: number;
  neighbourhoods: string[];
  /** Relative frequency of each kind of development here. */
  kinds: Partial<Record<DevelopmentKind, number>>;
  /** What is near, for descriptions. */
  near: string[];
}

const blancaSouth = { apartments: 4, bungalows: 3, quads: 2, villas: 2, townhouses: 2 };
const blancaNorth = { apartments: 5, villas: 3, 'luxury-villa': 1, townhouses: 1 };
const calida = { apartments: 3, bungalows: 2, quads: 2, villas: 2, townhouses: 2, plots: 0.3 };
const sol = { apartments: 5, villas: 2, 'luxury-villa': 1, townhouses: 2, 'country-houses': 0.2 };
const almeria = { apartments: 4, townhouses: 2, villas: 2, bungalows: 1, plots: 0.3, 'country-houses': 0.3 };

export const AREAS: Area[] = [
  // Costa Blanca (Alicante)
  { town: 'Torrevieja', province: 'Alicante', coast: 'Costa Blanca', lat: 37.9787, lng: -0.6822, pricePerM2: 2300, weight: 10, neighbourhoods: ['La Mata', 'Los Balcones', 'Aguas Nuevas', 'Punta Prima', 'La Siesta'], kinds: blancaSouth, near: ['the pink salt lakes', 'the Los Locos beach', 'the marina and promenade'] },
  { town: 'Orihuela Costa', province: 'Alicante', coast: 'Costa Blanca', lat: 37.9336, lng: -0.7389, pricePerM2: 2700, weight: 10, neighbourhoods: ['Playa Flamenca', 'La Zenia', 'Villamartín', 'Cabo Roig', 'Campoamor', 'Lomas de Cabo Roig'], kinds: blancaSouth, near: ['La Zenia Boulevard', 'Villamartín golf course', 'the coves of Cabo Roig'] },
  { town: 'Guardamar del Segura', province: 'Alicante', coast: 'Costa Blanca', lat: 38.0897, lng: -0.6549, pricePerM2: 2600, weight: 5, neighbourhoods: ['El Raso', 'Pórtico Mediterráneo', 'Centro'], kinds: blancaSouth, near: ['the pine forest of the dunes', 'the Segura river park', 'miles of sandy beaches'] },
  { town: 'Pilar de la Horadada', province: 'Alicante', coast: 'Costa Blanca', lat: 37.8656, lng: -0.7922, pricePerM2: 2500, weight: 5, neighbourhoods: ['Mil Palmeras', 'Torre de la Horadada', 'Lo Romero Golf'], kinds: blancaSouth, near: ['Lo Romero golf course', 'the beaches of Mil Palmeras', 'the Torre de la Horadada marina'] },
  { town: 'Benidorm', province: 'Alicante', coast: 'Costa Blanca', lat: 38.5411, lng: -0.1225, pricePerM2: 3600, weight: 5, neighbourhoods: ['Poniente', 'Levante', 'Rincón de Loix'], kinds: { apartments: 8, townhouses: 1 }, near: ['the Poniente beach', 'the old town', 'Terra Mítica'] },
  { town: 'Finestrat', province: 'Alicante', coast: 'Costa Blanca', lat: 38.5673, lng: -0.2125, pricePerM2: 3100, weight: 6, neighbourhoods: ['Sierra Cortina', 'Balcón de Finestrat', 'Cala de Finestrat'], kinds: blancaNorth, near: ['the Puig Campana mountain', 'La Cala beach', 'Benidorm'] },
  { town: 'Altea', province: 'Alicante', coast: 'Costa Blanca', lat: 38.5989, lng: -0.0514, pricePerM2: 4000, weight: 4, neighbourhoods: ['Altea Hills', 'Mascarat', 'Centro'], kinds: blancaNorth, near: ['the whitewashed old town', 'the Campomanes marina', 'the Sierra de Bernia'] },
  { town: 'Calpe', province: 'Alicante', coast: 'Costa Blanca', lat: 38.6447, lng: 0.0445, pricePerM2: 3400, weight: 5, neighbourhoods: ['Playa Arenal-Bol', 'Maryvilla', 'Gran Sol'], kinds: blancaNorth, near: ['the Peñón de Ifach', 'the Arenal-Bol beach', 'the fishing port'] },
  { town: 'Jávea', province: 'Alicante', coast: 'Costa Blanca', lat: 38.7896, lng: 0.1664, pricePerM2: 4300, weight: 4, neighbourhoods: ['Montgó', 'Portitxol', 'El Arenal', 'Cap Martí'], kinds: { villas: 4, 'luxury-villa': 3, apartments: 2 }, near: ['the Montgó natural park', 'the Arenal beach', 'the port'] },
  { town: 'Dénia', province: 'Alicante', coast: 'Costa Blanca', lat: 38.8408, lng: 0.1057, pricePerM2: 3300, weight: 4, neighbourhoods: ['Las Rotas', 'Las Marinas', 'Montgó'], kinds: blancaNorth, near: ['the castle and old town', 'the ferry port', 'the Las Rotas coves'] },
  // Costa Cálida (Murcia)
  { town: 'Los Alcázares', province: 'Murcia', coast: 'Costa Cálida', lat: 37.744, lng: -0.851, pricePerM2: 2100, weight: 5, neighbourhoods: ['Serena Golf', 'Los Narejos', 'Centro'], kinds: calida, near: ['the Mar Menor', 'Serena golf course', 'the promenade'] },
  { town: 'San Pedro del Pinatar', province: 'Murcia', coast: 'Costa Cálida', lat: 37.8355, lng: -0.7915, pricePerM2: 2100, weight: 5, neighbourhoods: ['Lo Pagán', 'Las Esperanzas', 'Centro'], kinds: calida, near: ['the mud baths of Lo Pagán', 'the salt flats nature reserve', 'the Mar Menor'] },
  { town: 'Mar de Cristal', province: 'Murcia', coast: 'Costa Cálida', lat: 37.6467, lng: -0.757, pricePerM2: 2200, weight: 3, neighbourhoods: ['Playa Honda', 'Islas Menores', 'Mar de Cristal'], kinds: calida, near: ['the calm waters of the Mar Menor', 'La Manga', 'the Mediterranean beaches'] },
  { town: 'Águilas', province: 'Murcia', coast: 'Costa Cálida', lat: 37.4063, lng: -1.5829, pricePerM2: 2400, weight: 3, neighbourhoods: ['Playa de Poniente', 'Calabardina', 'Collados'], kinds: calida, near: ['the unspoilt coves', 'the castle of San Juan', 'the harbour'] },
  { town: 'Mazarrón', province: 'Murcia', coast: 'Costa Cálida', lat: 37.563, lng: -1.259, pricePerM2: 2100, weight: 3, neighbourhoods: ['Puerto de Mazarrón', 'Camposol', 'Bolnuevo'], kinds: calida, near: ['the Bolnuevo rock formations', 'the marina', 'golden beaches'] },
  // Costa del Sol (Málaga)
  { town: 'Estepona', province: 'Málaga', coast: 'Costa del Sol', lat: 36.4276, lng: -5.1459, pricePerM2: 4200, weight: 8, neighbourhoods: ['New Golden Mile', 'Selwo', 'El Padrón', 'Estepona Golf'], kinds: sol, near: ['the flower-filled old town', 'the promenade', 'Estepona golf'] },
  { town: 'Marbella', province: 'Málaga', coast: 'Costa del Sol', lat: 36.5101, lng: -4.8825, pricePerM2: 6200, weight: 8, neighbourhoods: ['Nueva Andalucía', 'Golden Mile', 'Los Monteros', 'Elviria', 'Río Real'], kinds: { apartments: 4, villas: 3, 'luxury-villa': 3, townhouses: 1 }, near: ['Puerto Banús', 'the golf valley', 'the old town'] },
  { town: 'Mijas', province: 'Málaga', coast: 'Costa del Sol', lat: 36.5957, lng: -4.6373, pricePerM2: 4000, weight: 6, neighbourhoods: ['La Cala de Mijas', 'Calanova', 'Riviera del Sol'], kinds: sol, near: ['the white village of Mijas Pueblo', 'La Cala beach', 'Calanova golf'] },
  { town: 'Fuengirola', province: 'Málaga', coast: 'Costa del Sol', lat: 36.5397, lng: -4.6247, pricePerM2: 4400, weight: 4, neighbourhoods: ['Torreblanca', 'Los Boliches', 'El Higuerón'], kinds: { apartments: 7, townhouses: 1 }, near: ['the train to Málaga', 'the Sohail castle', 'the promenade'] },
  { town: 'Benalmádena', province: 'Málaga', coast: 'Costa del Sol', lat: 36.5987, lng: -4.5167, pricePerM2: 4000, weight: 4, neighbourhoods: ['Torrequebrada', 'Benalmádena Pueblo', 'Arroyo de la Miel'], kinds: sol, near: ['Puerto Marina', 'Torrequebrada golf', 'Málaga airport'] },
  { town: 'Casares', province: 'Málaga', coast: 'Costa del Sol', lat: 36.4, lng: -5.235, pricePerM2: 3700, weight: 4, neighbourhoods: ['Casares Costa', 'Finca Cortesín', 'Doña Julia'], kinds: sol, near: ['Finca Cortesín golf', 'the hilltop village of Casares', 'quiet beaches'] },
  { town: 'Manilva', province: 'Málaga', coast: 'Costa del Sol', lat: 36.3773, lng: -5.2497, pricePerM2: 3300, weight: 4, neighbourhoods: ['La Duquesa', 'San Luis de Sabinillas'], kinds: sol, near: ['Puerto de la Duquesa', 'Gibraltar', 'La Duquesa golf'] },
  { town: 'Nerja', province: 'Málaga', coast: 'Costa del Sol', lat: 36.758, lng: -3.8742, pricePerM2: 4100, weight: 3, neighbourhoods: ['Burriana', 'Capistrano', 'El Playazo'], kinds: sol, near: ['the Balcón de Europa', 'the caves of Nerja', 'Burriana beach'] },
  // Costa de Almería
  { town: 'Mojácar', province: 'Almería', coast: 'Costa de Almería', lat: 37.14, lng: -1.851, pricePerM2: 2700, weight: 3, neighbourhoods: ['Mojácar Playa', 'Macenas', 'Marina de la Torre'], kinds: almeria, near: ['the white hill village', 'Marina de la Torre golf', 'the Cabo de Gata park'] },
  { town: 'Vera', province: 'Almería', coast: 'Costa de Almería', lat: 37.2436, lng: -1.8594, pricePerM2: 2500, weight: 4, neighbourhoods: ['Vera Playa', 'Valle del Este'], kinds: almeria, near: ['Valle del Este golf', 'Vera Playa beach', 'the old town'] },
  { town: 'San Juan de los Terreros', province: 'Almería', coast: 'Costa de Almería', lat: 37.3608, lng: -1.6706, pricePerM2: 2200, weight: 2, neighbourhoods: ['Playa de los Nardos', 'Terreros'], kinds: almeria, near: ['the Los Terreros islets', 'quiet coves', 'Águilas'] },
  { town: 'Roquetas de Mar', province: 'Almería', coast: 'Costa de Almería', lat: 36.7642, lng: -2.6147, pricePerM2: 2100, weight: 4, neighbourhoods: ['Playa Serena', 'Aguadulce', 'Urbanización de Roquetas'], kinds: almeria, near: ['the Aguadulce marina', 'Playa Serena golf', 'Almería city'] },
];
