// ISO 3166-1 alpha-2 codes of the countries a feed may carry, as schema.org's
// addressCountry wants them. A feed names a country in English or its own
// language ("Spain", "España"); both are keyed by their slug. A country not
// listed has no code: it is left out rather than guessed.
const CODES: Record<string, string> = {
  spain: 'ES',
  espana: 'ES',
  espanya: 'ES',
  portugal: 'PT',
  france: 'FR',
  andorra: 'AD',
  italy: 'IT',
  italia: 'IT',
  greece: 'GR',
  ellada: 'GR',
  hellas: 'GR',
  cyprus: 'CY',
  kypros: 'CY',
  malta: 'MT',
  turkey: 'TR',
  turkiye: 'TR',
  bulgaria: 'BG',
  balgariya: 'BG',
  croatia: 'HR',
  hrvatska: 'HR',
  montenegro: 'ME',
  'crna-gora': 'ME',
  morocco: 'MA',
  maroc: 'MA',
  gibraltar: 'GI',
  'united-kingdom': 'GB',
  uk: 'GB',
  'great-britain': 'GB',
  england: 'GB',
  ireland: 'IE',
  germany: 'DE',
  deutschland: 'DE',
  austria: 'AT',
  osterreich: 'AT',
  switzerland: 'CH',
  schweiz: 'CH',
  suisse: 'CH',
  belgium: 'BE',
  belgique: 'BE',
  belgie: 'BE',
  netherlands: 'NL',
  'the-netherlands': 'NL',
  nederland: 'NL',
  holland: 'NL',
  sweden: 'SE',
  sverige: 'SE',
  norway: 'NO',
  norge: 'NO',
  denmark: 'DK',
  danmark: 'DK',
  finland: 'FI',
  suomi: 'FI',
  poland: 'PL',
  polska: 'PL',
  'united-arab-emirates': 'AE',
  uae: 'AE',
  'united-states': 'US',
  usa: 'US',
};

/** 'España' → 'espana', 'United Kingdom' → 'united-kingdom'. */
function slugOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The ISO 3166-1 alpha-2 code of a country given by slug or name ('spain', 'España' → 'ES'), or null when unknown. */
export function countryCode(...names: Array<string | null | undefined>): string | null {
  for (const name of names) {
    if (!name) continue;
    const key = slugOf(name);
    if (CODES[key]) return CODES[key]!;
    if (/^[a-z]{2}$/.test(key) && Object.values(CODES).includes(key.toUpperCase())) return key.toUpperCase();
  }
  return null;
}
