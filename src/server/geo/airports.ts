// The airports with scheduled flights that buyers of homes in Spain fly to
// (issue 23): Spain's, and the few abroad that serve its coasts (Gibraltar for
// the western Costa del Sol, Faro for Huelva). Positions are the airports'
// reference points, to about 100 m. A development's nearest one is computed
// at import (distances.ts).

export interface Airport {
  /** IATA code. */
  code: string;
  /** As the page names it: "Alicante airport". */
  name: string;
  lat: number;
  lng: number;
}

export const AIRPORTS: readonly Airport[] = [
  { code: 'ALC', name: 'Alicante', lat: 38.2822, lng: -0.5582 },
  { code: 'RMU', name: 'Murcia', lat: 37.803, lng: -1.125 },
  { code: 'VLC', name: 'Valencia', lat: 39.4893, lng: -0.4816 },
  { code: 'CDT', name: 'Castellón', lat: 40.2139, lng: 0.0733 },
  { code: 'AGP', name: 'Málaga', lat: 36.6749, lng: -4.4991 },
  { code: 'LEI', name: 'Almería', lat: 36.8439, lng: -2.3701 },
  { code: 'GRX', name: 'Granada', lat: 37.1887, lng: -3.7774 },
  { code: 'XRY', name: 'Jerez', lat: 36.7446, lng: -6.0601 },
  { code: 'SVQ', name: 'Seville', lat: 37.418, lng: -5.8931 },
  { code: 'GIB', name: 'Gibraltar', lat: 36.1512, lng: -5.3497 },
  { code: 'FAO', name: 'Faro', lat: 37.0144, lng: -7.9659 },
  { code: 'BCN', name: 'Barcelona', lat: 41.2971, lng: 2.0785 },
  { code: 'REU', name: 'Reus', lat: 41.1474, lng: 1.1672 },
  { code: 'GRO', name: 'Girona', lat: 41.901, lng: 2.7606 },
  { code: 'MAD', name: 'Madrid', lat: 40.4719, lng: -3.5626 },
  { code: 'BIO', name: 'Bilbao', lat: 43.3011, lng: -2.9106 },
  { code: 'SDR', name: 'Santander', lat: 43.4271, lng: -3.82 },
  { code: 'OVD', name: 'Asturias', lat: 43.5636, lng: -6.0346 },
  { code: 'SCQ', name: 'Santiago de Compostela', lat: 42.8963, lng: -8.4151 },
  { code: 'LCG', name: 'A Coruña', lat: 43.3021, lng: -8.3773 },
  { code: 'VGO', name: 'Vigo', lat: 42.2318, lng: -8.6268 },
  { code: 'PMI', name: 'Palma de Mallorca', lat: 39.5517, lng: 2.7388 },
  { code: 'IBZ', name: 'Ibiza', lat: 38.8729, lng: 1.3731 },
  { code: 'MAH', name: 'Menorca', lat: 39.8626, lng: 4.2186 },
  { code: 'TFS', name: 'Tenerife South', lat: 28.0445, lng: -16.5725 },
  { code: 'TFN', name: 'Tenerife North', lat: 28.4827, lng: -16.3415 },
  { code: 'LPA', name: 'Gran Canaria', lat: 27.9319, lng: -15.3866 },
  { code: 'ACE', name: 'Lanzarote', lat: 28.9455, lng: -13.6052 },
  { code: 'FUE', name: 'Fuerteventura', lat: 28.4527, lng: -13.8638 },
  { code: 'SPC', name: 'La Palma', lat: 28.6265, lng: -17.7556 },
];

const BY_CODE = new Map(AIRPORTS.map((a) => [a.code, a]));

export const airportByCode = (code: string): Airport | null => BY_CODE.get(code) ?? null;
