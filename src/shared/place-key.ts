// How two spellings of one place compare: 'ALMUÑÉCAR' and 'Almuñécar' are the
// same place, for the import's gazetteer and for the titles the pages build.

/** The lookup key: lower case, accents and punctuation gone, one space between words. */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Whether `text` names `place` as whole words ('3-bedroom villa in Finestrat' names 'finestrat'). */
export function namesPlace(text: string, place: string): boolean {
  const key = placeKey(place);
  return key !== '' && ` ${placeKey(text)} `.includes(` ${key} `);
}
